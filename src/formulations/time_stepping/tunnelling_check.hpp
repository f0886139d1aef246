// Contacts the time-stepping scheme can step over (tunnelling). Moreau-Jean takes a contact into a
// step's problem only when its gap at the step's midpoint is closed, so two shapes that close by more
// than the thickness of the thinner one in a step can pass through each other between two midpoints
// without ever being seen closed (a 1 cm ball at 100 m/s through a ball of 0.1 m at h = 1e-2 s), or
// end a step with one sunk wholly into the other. The check compares, for a contact that is open
// and closing after a step, the distance it closes in one step, |v_N| h, with the smallest shape size
// of the pair; a contact within reach of the next step (gap < |v_N| h) that closes by more than that
// is reported with the time and a step that would catch it (h ≤ size / |v_N|). It is written on
// (closing speed, gap, h, a size per side), so that new shapes only need a size.
//   Pairs of shapes (model/shapes.hpp) have no contact before the detection finds them within its
// margin, so they are checked pair by pair: the closing speed of the two shapes' origins along the
// line between them (along the normal for a plane), a gap bounded from below by the distance less
// both bounding radii (a plane: the other's distance to it less its radius), and each shape's
// smallest dimension. Only pairs with a shape fast enough to cross the thinnest shape of the model
// in two steps are looked at, so a model at rest costs one pass over its shapes.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "assembly/shape_contacts.hpp"
#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "formulations/simulation_options.hpp"
#include "math/snapshot.hpp"
#include "model/model.hpp"

namespace stickslip {

// The size one side of a contact gives to the check: for a body, the smallest non-zero side of the
// box (in its own frame) that holds every bounded contact shape it carries (circles and spheres by
// their extent, points, lines with a finite extent), so a block's thickness, a ball's diameter; +inf
// when it carries nothing bounded (a point alone, an infinite line or plane: the ground), for which
// nothing is compared.
std::vector<double> body_contact_sizes(const Model& model);

// A shape's size for the check: its smallest dimension (a sphere's or capsule's diameter, a box's
// thinnest side, a cylinder's diameter or length, a convex hull's thinnest side of its box in its
// own frame); +inf for a plane or a triangle mesh (a surface: the other shape's size counts).
double shape_contact_size(const geometry::Shape& shape);

// Whether a contact closing at `closing_speed` (> 0) with `gap` left can be crossed in a step of h:
// within reach of the step (gap < speed h) and closing by more than the smaller of the two sizes.
bool can_cross_in_one_step(double closing_speed, double gap, double h, double size_i, double size_j);

class TunnellingWatch {
 public:
  TunnellingWatch(const Model& model, TunnellingCheck mode);
  // After a step of length h ending at t (the step number `step`): every contact open after it and
  // closing at its midpoint (`kinematics`, `states`); the first time a contact can be crossed it is
  // reported to `warn` (mode warn) or thrown as a NumericalError (mode error).
  void check(const std::vector<ContactKinematics>& kinematics, const ContactState* states, double t, double h,
             const std::function<void(const std::string&)>& warn);
  // The same for every pair of shapes that may touch (`shapes`), their bodies' kinematics in ws;
  // each pair is reported once.
  void check_shapes(const ShapeContacts& shapes, const Workspace& ws, double t, double h,
                    const std::function<void(const std::string&)>& warn);
  void save(Snapshot& snapshot, const std::string& key) const;
  void restore(const Snapshot& snapshot, const std::string& key);

 private:
  std::string message(int c, double speed, double h, double t) const;
  struct ShapeMotion {
    Vec3 centre;            // the shape's origin, world
    Quat orientation;       // the shape's frame → world
    Vec3 velocity;          // of the shape's origin, world
    double speed_bound;     // |velocity| + |ω| × bounding radius: no point of it moves faster
  };
  void check_pair(int a, int b, double t, double h, const std::function<void(const std::string&)>& warn);
  std::string shape_message(int a, int b, double speed, double h, double t) const;

  const Model& model_;
  TunnellingCheck mode_;
  std::vector<double> size_;   // per body
  std::vector<char> warned_;   // per contact: reported once
  std::vector<double> shape_size_, shape_radius_;  // per shape: size and bounding radius
  double smallest_shape_ = 0;
  std::vector<ShapeMotion> motion_;          // per shape, at the step checked
  std::set<std::pair<int, int>> warned_pairs_;  // shape pairs (smaller first) reported
};

}  // namespace stickslip
