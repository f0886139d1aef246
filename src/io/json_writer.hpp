// Writing JSON text by hand, for data that is mostly numbers (the animation page's data): strings
// escaped so that the text can sit inside an HTML <script> element, numbers in their shortest exact
// form, and arrays of numbers packed as base64 of their little-endian bytes (a JavaScript typed
// array reads them back without parsing text).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "math/types.hpp"

namespace stickslip {

// A JSON string; '<' is escaped too, so that nothing in it can end a <script> element.
void append_json_string(std::string& out, const std::string& s);
// Shortest round-trip text; null for NaN and infinities, which JSON has no words for.
void append_json_number(std::string& out, double x);
void append_json_vec(std::string& out, const Vec3& v);
// Base64 (RFC 4648, with padding) of `size` bytes.
void append_base64(std::string& out, const void* data, std::size_t size);

// Packed numbers: {"f64": "<base64>"} (exact), {"f32": ...} (single precision: 7 significant
// digits), {"u32": ...}, {"u8": ...}. The bytes are little-endian, as typed arrays read them on
// every machine a browser runs on; a big-endian writer would swap them (static_assert in the .cpp).
enum class PackedType { f64, f32, u32, u8 };
void append_packed(std::string& out, const std::vector<double>& values, PackedType type);

class JsonObject {
 public:
  explicit JsonObject(std::string& out) : out_(out) { out_ += '{'; }
  ~JsonObject() { out_ += '}'; }
  JsonObject(const JsonObject&) = delete;
  JsonObject& operator=(const JsonObject&) = delete;
  // Writes `"k":` and returns the text, for the value to be appended.
  std::string& key(const char* k) {
    if (!first_) out_ += ',';
    first_ = false;
    append_json_string(out_, k);
    out_ += ':';
    return out_;
  }
  void string(const char* k, const std::string& v) { append_json_string(key(k), v); }
  void number(const char* k, double v) { append_json_number(key(k), v); }
  void vec(const char* k, const Vec3& v) { append_json_vec(key(k), v); }

 private:
  std::string& out_;
  bool first_ = true;
};

}  // namespace stickslip
