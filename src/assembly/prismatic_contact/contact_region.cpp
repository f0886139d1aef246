// Contact region from the overlap; reaction transfer (Qi, Luo & Huang 2011, eq. (10)-(16), read as
// in contact_region.hpp).
#include "assembly/prismatic_contact/contact_region.hpp"

#include <algorithm>

namespace stickslip::prismatic_contact {

ContactRegion contact_region(const AxialExtent& slider, const AxialExtent& guide) {
  const double lower = std::max(slider.lower, guide.lower);
  const double upper = std::min(slider.upper, guide.upper);
  return {0.5 * (lower + upper), 0.5 * (upper - lower)};
}

Wrench transfer_along_axis(const Wrench& at_reference, double reference, double centre) {
  const Vec3 arm(reference - centre, 0.0, 0.0);  // P - p0
  return {at_reference.force, at_reference.moment + arm.cross(at_reference.force)};
}

Wrench AffineWrench::at(double eta) const {
  return {constant.force + eta * per_eta.force, constant.moment + eta * per_eta.moment};
}

AffineWrench transfer_along_axis(const AffineWrench& at_reference, double reference, double centre) {
  return {transfer_along_axis(at_reference.constant, reference, centre),
          transfer_along_axis(at_reference.per_eta, reference, centre)};
}

}  // namespace stickslip::prismatic_contact
