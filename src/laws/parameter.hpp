// Parameter specifications of the laws and the error a law throws on a bad parameter value.
//
// Every law describes its parameters with a table of ParamSpec (name, unit, one-line meaning,
// default or required, validity bound). The same table serves three users:
//   - the law's constructor, which validates each value with check_parameter();
//   - the registry (law_registry.hpp), which resolves a name → value map against the table:
//     unknown keys, missing required keys and out-of-bound values are rejected with the key named;
//   - the io layer and the docs, which list the parameters of a law by name.
// Specs are constexpr data (string_view + doubles), so they are constant-initialised and safe to use
// from any static initialiser.
#pragma once

#include <limits>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace stickslip::laws {

// Thrown by a law's constructor (and by the registry) when a parameter is missing, unknown, not a
// finite number, or outside its validity bound. `parameter()` is the key as written in a model file
// ("K", "mu_s", ...; "law" when the law name itself is unknown).
class ParameterError : public std::invalid_argument {
 public:
  ParameterError(std::string parameter, std::string message);
  const std::string& parameter() const noexcept { return parameter_; }
  const std::string& message() const noexcept { return message_; }

 private:
  std::string parameter_;
  std::string message_;
};

// The error for a law name that no law of the family ("normal", "friction", ...) has: it names the
// nearest registered name and lists them all.
ParameterError unknown_law_error(std::string_view family, std::string_view name,
                                 const std::vector<std::string>& registered);

// An interval of admissible values, each end open or closed, ±infinity for "no bound".
// Non-finite values (NaN, ±inf) are never admissible, whatever the bound.
struct Bound {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_closed = false;
  bool hi_closed = false;

  static constexpr Bound positive() { return {0.0, kInf, false, false}; }                  // > 0
  static constexpr Bound non_negative() { return {0.0, kInf, true, false}; }               // >= 0
  static constexpr Bound at_least(double a) { return {a, kInf, true, false}; }             // >= a
  static constexpr Bound open_closed(double a, double b) { return {a, b, false, true}; }   // (a, b]
  static constexpr Bound closed(double a, double b) { return {a, b, true, true}; }         // [a, b]
  static constexpr Bound any() { return {-kInf, kInf, false, false}; }                     // finite

  bool contains(double x) const noexcept;
  // Human-readable form used in error messages and docs: "> 0", ">= 1", "in (0, 1]", "finite".
  std::string describe() const;

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
};

// One parameter of a law.
struct ParamSpec {
  std::string_view name;                // key in a model file, snake_case (or the literature's symbol)
  std::string_view unit;                // SI unit, "-" for dimensionless
  std::string_view meaning;             // one line
  std::optional<double> default_value;  // std::nullopt: required
  Bound bound;                          // validity bound (checked for defaults too)

  bool required() const noexcept { return !default_value.has_value(); }
};

// Name → value map of a law's parameters, as read from a model file.
using ParamValues = std::map<std::string, double, std::less<>>;

// Returns `value` if it is finite and inside `spec.bound`; throws ParameterError naming spec.name
// otherwise. `law` (the registry name) is quoted in the message.
double check_parameter(std::string_view law, const ParamSpec& spec, double value);

// Resolves `values` against `specs`: every key must name a spec (else ParameterError on that key),
// every required spec must be given (else ParameterError on the missing key), defaults fill the
// rest, and every value is checked against its bound. Returns the complete map.
ParamValues resolve_parameters(std::string_view law, std::span<const ParamSpec> specs,
                               const ParamValues& values);

// Cross-parameter condition `value >= other_value` (e.g. mu_s >= mu_k): throws ParameterError naming
// `name` otherwise.
void check_not_less(std::string_view law, std::string_view name, double value,
                    std::string_view other, double other_value);

// Value of `name` in a map produced by resolve_parameters (throws ParameterError if absent: a
// factory asking for a key its own spec table does not declare is a programming error).
double parameter_value(const ParamValues& values, std::string_view name);

}  // namespace stickslip::laws
