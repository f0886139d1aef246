// A malformed input file: names the file, the line and column, and the key path inside it.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace stickslip {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, int column, std::string path, std::string message)
      : std::runtime_error(format(file, line, column, path, message)),
        file_(std::move(file)), line_(line), column_(column), path_(std::move(path)), message_(std::move(message)) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }  // 1-based, 0 when unknown
  int column() const { return column_; }
  const std::string& path() const { return path_; }
  const std::string& message() const { return message_; }

 private:
  static std::string format(const std::string& file, int line, int column, const std::string& path,
                            const std::string& message) {
    std::ostringstream s;
    s << file;
    if (line > 0) s << ':' << line << ':' << column;
    s << ": ";
    if (!path.empty()) s << path << ": ";
    s << message;
    return s.str();
  }
  std::string file_;
  int line_, column_;
  std::string path_, message_;
};

}  // namespace stickslip
