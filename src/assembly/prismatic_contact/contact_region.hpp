// The contact region of a slider in its guide and the joint reaction moved to its centre
// (Qi, Luo & Huang 2011, eq. (10)-(16)), in the joint frame (e1 the sliding axis).
//
// Positions along the axis are coordinates x (any origin on the axis, the same for every argument).
// The contact region is the overlap of the slider's and the guide's extents along e1; its centre p0
// is on the axis and c is half its length. This replaces the paper's eq. (10), which as printed
// jumps at s = min(r1, r2) unless r1 = r2 and gives c = 0 for a slider whose joint point is its end
// face (the paper's own convention); the overlap agrees with its second branch, c = (r1 + r2 - s)/2,
// once the slider runs out of the guide, and is continuous.
//
// The reaction on the slider at a point P of the axis, (f, m), is moved to p0 by
//   f^c = f,   m^c = m + (P - p0) x f,
// for a slider on either body. The paper's eq. (11) and (14) give the arm with opposite signs; the
// one of eq. (14) adds a spurious moment (c + l/2) m g to a slider resting in its guide.
#pragma once

#include "math/types.hpp"

namespace stickslip::prismatic_contact {

// [lower, upper] along e1.
struct AxialExtent {
  double lower = 0.0;
  double upper = 0.0;
};

struct ContactRegion {
  double centre = 0.0;       // x of p0
  double half_length = 0.0;  // c; <= 0 when the extents do not overlap
};

ContactRegion contact_region(const AxialExtent& slider, const AxialExtent& guide);

// A force and a moment, components in the joint frame (e1, e2, e3).
struct Wrench {
  Vec3 force = Vec3::Zero();
  Vec3 moment = Vec3::Zero();
};

// (f, m) acting at the axis point x = reference, moved to the axis point x = centre.
Wrench transfer_along_axis(const Wrench& at_reference, double reference, double centre);

// The reaction on the slider, affine in the friction multiplier eta (Qi, Luo & Huang 2011,
// eq. (8)-(9)): W(eta) = constant + per_eta * eta.
struct AffineWrench {
  Wrench constant;
  Wrench per_eta;
  Wrench at(double eta) const;
};

AffineWrench transfer_along_axis(const AffineWrench& at_reference, double reference, double centre);

}  // namespace stickslip::prismatic_contact
