// Reader of the plain-text LCP format of `stickslip lcp`:
//   line 1:        n                     (an integer, 1 <= n <= kMaxLcpFileSize)
//   next n lines:  the rows of M         (n numbers each)
//   next line:     q                     (n numbers)
// Numbers are separated by white space (spaces, tabs; a trailing '\r' is ignored). Blank lines are
// skipped anywhere; anything after q other than blank lines is an error. Every entry must be a
// finite number (nan and inf are rejected). Errors name the 1-based line number.
#pragma once

#include <istream>
#include <string>

#include "math/types.hpp"

namespace stickslip::io {

inline constexpr long kMaxLcpFileSize = 5000;  // a dense 5000 x 5000 M is 200 MB

struct LcpFileResult {
  bool ok = false;
  Mat M;
  Vec q;
  int line = 0;       // line of the error (0 when the file could not be opened)
  int size_line = 0;  // line of n (for messages about the size)
  std::string error;  // "line 3: row 2 of M has 2 numbers, expected 3"
};

LcpFileResult read_lcp(std::istream& in);
// As above; a missing or unreadable file gives ok = false and an error naming the file.
LcpFileResult read_lcp_file(const std::string& path);

}  // namespace stickslip::io
