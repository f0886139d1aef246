// Shape contacts as explicit point contacts (docs/schemes.md, "Contacts between shapes"), for the
// event-driven scheme, which locates events on gaps that are smooth functions of the configuration.
// Those pairs are compiled once into the point contacts of today's shapes, exact:
//   plane  — sphere          one sphere_plane contact (the sphere);
//   plane  — capsule         two (its end spheres: a capsule's lowest point is always one of them);
//   plane  — box, hull       one per vertex (radius 0), as box_plane;
//   sphere — sphere          one sphere_sphere contact.
// Any other pair whose shapes can meet (by bodies, joints, groups and masks) has edges, vertices or
// rims that switch along the motion, and is refused at the first such shape with a message naming
// the schemes that run it (time-stepping, compliant).
#pragma once

#include <string>

#include "model/model.hpp"

namespace stickslip {

// At most this many compiled contacts (an event-driven model is a small one; a pile is time-stepping's).
constexpr std::size_t kMaxCompiledShapeContacts = 10000;

// The model with every shape pair compiled into explicit contacts named "<shape_i>|<shape_j>#<k>",
// marked with their shapes (Contact::from_shapes) and laid out in the friction states after the
// model's own contacts. Throws ModelError naming the scheme, at a shape of the first pair it cannot
// compile.
Model compile_shape_contacts(const Model& model, const char* scheme);
// The same for another user of the compiled contacts (`user`: "the static equilibrium start"), whose
// refusals end with `advice` (what to do instead).
Model compile_shape_contacts(const Model& model, const std::string& user, const std::string& advice);

}  // namespace stickslip
