// Parameter validation shared by every law (see parameter.hpp).
#include "laws/parameter.hpp"

#include <cmath>
#include <sstream>

#include "math/nearest_name.hpp"

namespace stickslip::laws {

namespace {

std::string format_number(double x) {
  std::ostringstream os;
  os.precision(17);
  os << x;
  return os.str();
}

std::string list_names(std::span<const ParamSpec> specs) {
  std::string out;
  for (const auto& s : specs) {
    if (!out.empty()) out += ", ";
    out += s.name;
  }
  return out.empty() ? std::string("none") : out;
}

}  // namespace

ParameterError::ParameterError(std::string parameter, std::string message)
    : std::invalid_argument("parameter '" + parameter + "': " + message),
      parameter_(std::move(parameter)),
      message_(std::move(message)) {}

bool Bound::contains(double x) const noexcept {
  if (!std::isfinite(x)) return false;
  const bool above = lo_closed ? x >= lo : x > lo;
  const bool below = hi_closed ? x <= hi : x < hi;
  return above && below;
}

std::string Bound::describe() const {
  const bool has_lo = std::isfinite(lo), has_hi = std::isfinite(hi);
  if (!has_lo && !has_hi) return "finite";
  if (has_lo && !has_hi) return std::string(lo_closed ? ">= " : "> ") + format_number(lo);
  if (!has_lo && has_hi) return std::string(hi_closed ? "<= " : "< ") + format_number(hi);
  return "in " + std::string(lo_closed ? "[" : "(") + format_number(lo) + ", " + format_number(hi) +
         (hi_closed ? "]" : ")");
}

double check_parameter(std::string_view law, const ParamSpec& spec, double value) {
  if (!spec.bound.contains(value)) {
    throw ParameterError(std::string(spec.name),
                         std::string(law) + ": " + std::string(spec.meaning) + " must be " +
                             spec.bound.describe() + " [" + std::string(spec.unit) + "], got " +
                             format_number(value));
  }
  return value;
}

ParameterError unknown_law_error(std::string_view family, std::string_view name,
                                 const std::vector<std::string>& registered) {
  return ParameterError("law", "unknown " + std::string(family) + " law '" + std::string(name) + "' (" +
                                   did_you_mean(name, registered) + "registered: " + name_list(registered, registered.size()) + ")");
}

ParamValues resolve_parameters(std::string_view law, std::span<const ParamSpec> specs,
                               const ParamValues& values) {
  for (const auto& [key, value] : values) {
    bool known = false;
    for (const auto& s : specs) known = known || s.name == key;
    if (!known) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.emplace_back(s.name);
      throw ParameterError(key, "unknown parameter of law '" + std::string(law) + "' (" + did_you_mean(key, names) +
                                    "its parameters: " + list_names(specs) + ")");
    }
  }
  ParamValues out;
  for (const auto& s : specs) {
    const auto it = values.find(s.name);
    double v = 0.0;
    if (it != values.end()) {
      v = it->second;
    } else if (s.default_value) {
      v = *s.default_value;
    } else {
      throw ParameterError(std::string(s.name), "missing required parameter of law '" +
                                                    std::string(law) + "': " +
                                                    std::string(s.meaning) + " [" +
                                                    std::string(s.unit) + "]");
    }
    out.emplace(std::string(s.name), check_parameter(law, s, v));
  }
  return out;
}

void check_not_less(std::string_view law, std::string_view name, double value,
                    std::string_view other, double other_value) {
  if (!(value >= other_value)) {
    throw ParameterError(std::string(name), std::string(law) + ": must be >= " + std::string(other) +
                                                " (" + format_number(other_value) + "), got " +
                                                format_number(value));
  }
}

double parameter_value(const ParamValues& values, std::string_view name) {
  const auto it = values.find(name);
  if (it == values.end()) {
    throw ParameterError(std::string(name), "not present in the resolved parameter map");
  }
  return it->second;
}

}  // namespace stickslip::laws
