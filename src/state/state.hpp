// The state of a system at one instant: State {t, q, v, z}. Plain data, copyable.
#pragma once

#include "math/types.hpp"
#include "model/model.hpp"

namespace stickslip {

struct State {
  double t = 0;
  Vec q;  // positions, Model::nq (planar body b: q[b.q_offset + 0..2] = x, y, θ)
  Vec v;  // velocities, Model::nv (planar: ẋ, ẏ, ω)
  Vec z;  // internal states of laws (friction bristles...), appended by formulations
};

// The initial state written in the model (before any assembly of the constraints).
State initial_state(const Model& model, double t0 = 0.0);

}  // namespace stickslip
