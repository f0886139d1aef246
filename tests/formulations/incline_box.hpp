// The box on an incline shared by the spatial contact tests of the three schemes: a box
// (0.2 × 0.2 × 0.1 m, 1 kg, a uniform box's principal moments) lying flat on a plane tilted by
// α = atan(tan α) about y, the plane through the origin with normal (−sin α, 0, cos α), the box
// turned with it. Down the slope is (−cos α, 0, −sin α), the plane's t₂ at every corner.
#pragma once

#include <cmath>
#include <string>

#include "../simulation_support.hpp"

namespace stickslip::test {

// The model text: the box's centre `height` above the plane; `contact` holds the contact's remaining
// keys (its shape and laws), each line indented by four spaces; `simulation` the simulation block.
inline std::string incline_box_model(double tan_alpha, double height, const std::string& contact,
                                     const std::string& simulation) {
  const double alpha = std::atan(tan_alpha);
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - name: box
    mass: 1
    inertia: [0.004166666666666667, 0.004166666666666667, 0.006666666666666667]
    position: [)" + num(-height * std::sin(alpha)) + ", 0, " + num(height * std::cos(alpha)) + R"(]
    orientation: {axis: [0, 1, 0], angle: )" + num(-alpha) + R"(}
contacts:
  - name: corner
    bodies: [ground, box]
    plane: {point: [0, 0, 0], normal: [)" + num(-std::sin(alpha)) + ", 0, " + num(std::cos(alpha)) + R"(]}
)" + contact + simulation;
}

// The box's displacement (x = "x", z = "z") or velocity ("vx", "vz") down the slope in row k.
inline double downhill(const MemorySink& out, std::size_t k, double alpha, const char* x, const char* z) {
  const auto value = [&](const char* c) { return out.rows[k][static_cast<std::size_t>(out.column(std::string("box.") + c))]; };
  return -std::cos(alpha) * value(x) - std::sin(alpha) * value(z);
}

}  // namespace stickslip::test
