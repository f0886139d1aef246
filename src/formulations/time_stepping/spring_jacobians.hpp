// Jacobians of the spring elements' generalised forces, K = ∂f/∂q and C = ∂f/∂v, for the θ-method of
// the time-stepping scheme: its iteration matrix W̃ = M − hθC − h²θ²K treats stiff springs and
// dampers implicitly (Acary & Brogliato 2008, §10.1, the linearised Moreau-Jean scheme). Planar
// rotational spring-dampers are exact; translational ones, and every spatial element, are central
// differences of their load on the two bodies (spatial: along the kinematic map, so the columns are
// velocity-space directions like those of M). Both matrices are symmetrised: they only shape the iteration matrix (stability), while the
// step's force itself is evaluated exactly, so the scheme stays consistent.
#pragma once

#include "assembly/workspace.hpp"

namespace stickslip {

// True when a spring-damper or rotational spring-damper with stiffness or damping acts on a dynamic
// body: the time-stepping scheme then builds the full iteration matrix.
bool has_spring_elements(const Model& model);

// Sets K and C (nv × nv) at the body kinematics in ws (compute_body_kinematics).
void spring_jacobians(const Model& model, const Workspace& ws, Mat& K, Mat& C);

}  // namespace stickslip
