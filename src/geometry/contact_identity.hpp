// Identities of contact points across detections (collision_world.hpp, "identity"): a point found
// again near where it was keeps its id, so that what the schemes carry per point (impulses that
// warm-start a solve, a contact's stick state, bristle deflections) follows it.
#pragma once

#include <cstdint>
#include <vector>

#include "geometry/bullet_narrowphase.hpp"
#include "geometry/collision_world.hpp"

namespace stickslip::geometry {

class ContactIdentity {
 public:
  // Starts a detection: the current points become the previous ones.
  void begin();
  // The raw points of pair (a, b) (pairs in increasing order), `size` the smaller shape's size: points
  // within 1e-6 of it are one point (the deepest kept); each then takes the id of the nearest
  // previous point of the pair within a twentieth of `size`, in either shape's frame, or a new one.
  void add_pair(int a, int b, const Pose& pa, const Pose& pb, double size, std::vector<detail::RawPoint>& raw);
  const std::vector<ContactPoint>& points() const { return current_; }
  const std::vector<ContactPoint>& previous() const { return previous_; }

  void save(std::vector<std::int64_t>& integers, std::vector<double>& reals) const;
  void restore(const std::vector<std::int64_t>& integers, const std::vector<double>& reals);

 private:
  void merge_duplicates(std::vector<detail::RawPoint>& raw, double size);
  std::vector<ContactPoint> current_, previous_;
  std::size_t cursor_ = 0;  // first previous point of a pair not yet passed
  struct Candidate {
    double distance;
    int fresh, old;
  };
  std::vector<Candidate> candidates_;
  std::vector<ContactPoint> fresh_;
  std::vector<char> taken_;
};

}  // namespace stickslip::geometry
