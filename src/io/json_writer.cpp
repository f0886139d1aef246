#include "io/json_writer.hpp"

#include <bit>
#include <cmath>
#include <cstring>

#include "io/csv_writer.hpp"

namespace stickslip {

static_assert(std::endian::native == std::endian::little, "packed arrays are written as the machine's bytes");

void append_json_string(std::string& out, const std::string& s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == '<') {
      static const char* const hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  out += '"';
}

void append_json_number(std::string& out, double x) {
  if (std::isfinite(x)) append_number(out, x);
  else out += "null";
}

void append_json_vec(std::string& out, const Vec3& v) {
  out += '[';
  for (int k = 0; k < 3; ++k) {
    if (k) out += ',';
    append_json_number(out, v[k]);
  }
  out += ']';
}

void append_base64(std::string& out, const void* data, std::size_t size) {
  static const char* const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto* p = static_cast<const unsigned char*>(data);
  out.reserve(out.size() + 4 * ((size + 2) / 3));
  std::size_t k = 0;
  for (; k + 3 <= size; k += 3) {
    const unsigned v = (p[k] << 16) | (p[k + 1] << 8) | p[k + 2];
    out += digits[v >> 18];
    out += digits[(v >> 12) & 63];
    out += digits[(v >> 6) & 63];
    out += digits[v & 63];
  }
  if (const std::size_t rest = size - k; rest > 0) {
    const unsigned v = (p[k] << 16) | (rest == 2 ? p[k + 1] << 8 : 0);
    out += digits[v >> 18];
    out += digits[(v >> 12) & 63];
    out += rest == 2 ? digits[(v >> 6) & 63] : '=';
    out += '=';
  }
}

namespace {

template <typename T>
void append_as(std::string& out, const char* name, const std::vector<double>& values) {
  std::vector<T> packed(values.size());
  for (std::size_t k = 0; k < values.size(); ++k) packed[k] = static_cast<T>(values[k]);
  out += "{\"";
  out += name;
  out += "\":\"";
  append_base64(out, packed.data(), packed.size() * sizeof(T));
  out += "\"}";
}

}  // namespace

void append_packed(std::string& out, const std::vector<double>& values, PackedType type) {
  switch (type) {
    case PackedType::f64: return append_as<double>(out, "f64", values);
    case PackedType::f32: return append_as<float>(out, "f32", values);
    case PackedType::u32: return append_as<std::uint32_t>(out, "u32", values);
    case PackedType::u8: return append_as<std::uint8_t>(out, "u8", values);
  }
}

}  // namespace stickslip
