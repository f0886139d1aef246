// Helpers of the tests that run simulations: model text, example files, comparing results.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "math/rotation.hpp"
#include "test_support.hpp"

namespace stickslip::test {

// Full precision in generated model files (std::to_string keeps 6 decimals only).
inline std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

inline std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (auto pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) s.replace(pos, from.size(), to);
  return s;
}

// Reads a model written inline (through a temporary file, as a user's file would be read).
inline ModelFile model_from_yaml(const std::string& yaml) {
  TempDir dir;
  return read_model_file(dir.write("model.yaml", yaml));
}

// Runs a model already read, every output row kept.
inline MemorySink run(const ModelFile& mf) {
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

// The value of column `column` in row k.
inline double at(const MemorySink& out, std::size_t k, const std::string& column) {
  return out.rows[k][static_cast<std::size_t>(out.column(column))];
}

// A spatial body's orientation (its user frame → world) and its angular velocity (body frame) in row k.
inline Quat orientation(const MemorySink& out, const std::string& b, std::size_t k) {
  return Quat(at(out, k, b + ".qw"), at(out, k, b + ".qx"), at(out, k, b + ".qy"), at(out, k, b + ".qz"));
}
inline Vec3 body_omega(const MemorySink& out, const std::string& b, std::size_t k) {
  return {at(out, k, b + ".wx"), at(out, k, b + ".wy"), at(out, k, b + ".wz")};
}

// Runs a model file of the source tree (e.g. "examples/four_bar/four_bar.yaml"), options tweaked.
inline MemorySink run_model_file(const std::string& relative, void (*tweak)(SimulationOptions&) = nullptr) {
  ModelFile mf = read_model_file(source_path(relative));
  if (tweak) tweak(mf.options);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

// Largest difference of one column over the rows two runs share.
inline double max_difference(const MemorySink& a, const MemorySink& b, const std::string& column) {
  const auto x = a.series(column), y = b.series(column);
  double e = 0;
  for (std::size_t k = 0; k < std::min(x.size(), y.size()); ++k) e = std::max(e, std::abs(x[k] - y[k]));
  return e;
}

// examples/slider_crank_rough_guide with compliant contacts in place of its rigid ones: a linear
// spring-damper of 1e8 N/m (static penetration m g / 2k ≈ 5e-7 m) and Coulomb friction regularised
// at 1e-4 m/s with μ = μ_k = 0.2, integrated by dopri5 at rtol: a reference for the time-stepping
// scheme whose distance to the rigid limit the long test measures (4e-5 rad).
inline MemorySink compliant_rough_guide(double t_end, double rtol, double output_interval) {
  std::string yaml = read_text(source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  yaml = replace_all(yaml, "impact: {law: newton, e: 0}", "normal: {law: linear_spring_damper, k: 1e8, c: 2e4}");
  yaml = replace_all(yaml, "friction: {law: coulomb, mu_s: 0.3, mu_k: 0.2}", "friction: {law: coulomb_tanh, mu: 0.2, v_t: 1e-4}");
  yaml = replace_all(yaml, "scheme: time-stepping", "scheme: compliant");
  TempDir dir;
  ModelFile mf = read_model_file(dir.write("compliant.yaml", yaml));
  mf.options.integrator_options.rtol = rtol;
  mf.options.integrator_options.atol = rtol * 1e-2;
  mf.options.t_end = t_end;
  mf.options.output_interval = output_interval;
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

}  // namespace stickslip::test
