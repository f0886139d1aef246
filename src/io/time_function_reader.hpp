// Time functions in model files. A plain number is a constant; otherwise a map with `type`:
//   {type: constant, value: c}
//   {type: sine, amplitude: A, omega: ω, phase: φ, offset: o}      A sin(ω t + φ) + o
//   {type: polynomial, coefficients: [c0, c1, ...]}               c0 + c1 t + c2 t² + ...
//   {type: table, file: motion.csv, time_column: 0, value_column: 1, scale: 1}
// The table is a CSV file (path relative to the model file; an optional header line) interpolated
// by a natural cubic spline.
#pragma once

#include "io/yaml_reader.hpp"
#include "model/time_function.hpp"

namespace stickslip {

enum class FunctionQuantity {
  plain,  // lengths, forces, torques: SI values as written
  angle,  // the function's values are angles: numbers in the file's angle unit
};

TimeFunction read_time_function(const YamlField& field, const YamlReader& reader, FunctionQuantity quantity);

}  // namespace stickslip
