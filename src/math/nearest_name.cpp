#include "math/nearest_name.hpp"

#include <algorithm>
#include <cctype>

namespace stickslip {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// Insertions, deletions, substitutions and swaps of two neighbouring characters, each one edit.
std::size_t edits(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

}  // namespace

std::string nearest_name(std::string_view wrong, const std::vector<std::string>& known) {
  const std::size_t allowed = wrong.size() <= 4 ? 1 : wrong.size() <= 8 ? 2 : 3;
  std::string best;
  std::size_t best_edits = allowed + 1;
  for (const std::string& name : known) {
    // Lengths that differ by more than the allowance cannot be near: skip the table.
    const std::size_t gap = name.size() > wrong.size() ? name.size() - wrong.size() : wrong.size() - name.size();
    if (gap > allowed) continue;
    const std::size_t e = edits(wrong, name);
    if (e < best_edits) {
      best_edits = e;
      best = name;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view wrong, const std::vector<std::string>& known) {
  const std::string near = nearest_name(wrong, known);
  return near.empty() ? "" : "did you mean '" + near + "'? ";
}

std::string name_list(const std::vector<std::string>& names, std::size_t limit) {
  std::string out;
  for (std::size_t k = 0; k < names.size() && k < limit; ++k) out += (k ? ", " : "") + names[k];
  if (names.size() > limit) out += ", ... (" + std::to_string(names.size()) + " in all)";
  return out;
}

}  // namespace stickslip
