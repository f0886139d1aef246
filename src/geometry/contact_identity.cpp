#include "geometry/contact_identity.hpp"

#include <algorithm>
#include <stdexcept>

namespace stickslip::geometry {

void ContactIdentity::begin() {
  std::swap(current_, previous_);
  current_.clear();
  cursor_ = 0;
}

// Points closer than a thousandth of the pair's size are one (the deeper kept): two faces that
// coincide edge on edge (equal boxes stacked) clip to pairs of vertices a rounding apart, which
// would come and go with the faces' slightest turn; dropping one moves the support polygon by less
// than that distance.
void ContactIdentity::merge_duplicates(std::vector<detail::RawPoint>& raw, double size) {
  const double close = 1e-3 * size;
  std::size_t kept = 0;
  for (std::size_t k = 0; k < raw.size(); ++k) {
    bool merged = false;
    for (std::size_t j = 0; j < kept && !merged; ++j) {
      if ((raw[j].position - raw[k].position).norm() > close) continue;
      merged = true;
      if (raw[k].gap < raw[j].gap) raw[j] = raw[k];
    }
    if (!merged) raw[kept++] = raw[k];
  }
  raw.resize(kept);
}

void ContactIdentity::add_pair(int a, int b, const Pose& pa, const Pose& pb, double size,
                               std::vector<detail::RawPoint>& raw) {
  merge_duplicates(raw, size);
  const auto before = [&](const ContactPoint& p) { return p.a < a || (p.a == a && p.b < b); };
  while (cursor_ < previous_.size() && before(previous_[cursor_])) ++cursor_;
  std::size_t end = cursor_;
  while (end < previous_.size() && previous_[end].a == a && previous_[end].b == b) ++end;

  fresh_.clear();
  const Quat qa = pa.orientation.conjugate(), qb = pb.orientation.conjugate();
  for (const detail::RawPoint& r : raw) {
    ContactPoint p;
    p.a = a;
    p.b = b;
    p.id = -1;
    p.position = r.position;
    p.normal = r.normal;
    p.gap = r.gap;
    p.local_a = qa * (r.position - pa.position);
    p.local_b = qb * (r.position - pb.position);
    fresh_.push_back(p);
  }
  candidates_.clear();
  const double reach = 0.05 * size;
  for (std::size_t i = 0; i < fresh_.size(); ++i) {
    for (std::size_t j = cursor_; j < end; ++j) {
      const double d = std::min((fresh_[i].local_a - previous_[j].local_a).norm(), (fresh_[i].local_b - previous_[j].local_b).norm());
      if (d < reach) candidates_.push_back({d, static_cast<int>(i), static_cast<int>(j)});
    }
  }
  std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& x, const Candidate& y) {
    return x.distance != y.distance ? x.distance < y.distance : (x.fresh != y.fresh ? x.fresh < y.fresh : x.old < y.old);
  });
  const std::size_t olds = end - cursor_;
  taken_.assign(olds + fresh_.size(), 0);  // the pair's previous points, then the fresh ones
  int next_id = 0;
  for (std::size_t j = cursor_; j < end; ++j) next_id = std::max(next_id, previous_[j].id + 1);
  for (const Candidate& c : candidates_) {
    char& old_taken = taken_[static_cast<std::size_t>(c.old) - cursor_];
    char& fresh_taken = taken_[olds + static_cast<std::size_t>(c.fresh)];
    if (old_taken || fresh_taken) continue;
    old_taken = fresh_taken = 1;
    fresh_[static_cast<std::size_t>(c.fresh)].id = previous_[static_cast<std::size_t>(c.old)].id;
    fresh_[static_cast<std::size_t>(c.fresh)].previous = c.old;
  }
  for (ContactPoint& p : fresh_)
    if (p.id < 0) p.id = next_id++;
  std::sort(fresh_.begin(), fresh_.end(), [](const ContactPoint& x, const ContactPoint& y) { return x.id < y.id; });
  current_.insert(current_.end(), fresh_.begin(), fresh_.end());
  cursor_ = end;
}

void ContactIdentity::save(std::vector<std::int64_t>& integers, std::vector<double>& reals) const {
  integers.clear();
  reals.clear();
  for (const ContactPoint& p : current_) {
    integers.insert(integers.end(), {p.a, p.b, p.id, p.previous});
    for (const Vec3* v : {&p.position, &p.normal, &p.local_a, &p.local_b}) reals.insert(reals.end(), v->data(), v->data() + 3);
    reals.push_back(p.gap);
  }
}

void ContactIdentity::restore(const std::vector<std::int64_t>& integers, const std::vector<double>& reals) {
  if (integers.size() % 4 != 0 || reals.size() != integers.size() / 4 * 13) {
    throw std::invalid_argument("contact points: the checkpoint's arrays do not match");
  }
  current_.clear();
  previous_.clear();
  for (std::size_t k = 0; k < integers.size() / 4; ++k) {
    ContactPoint p;
    p.a = static_cast<int>(integers[4 * k]);
    p.b = static_cast<int>(integers[4 * k + 1]);
    p.id = static_cast<int>(integers[4 * k + 2]);
    p.previous = static_cast<int>(integers[4 * k + 3]);
    const double* r = &reals[13 * k];
    p.position = Vec3(r[0], r[1], r[2]);
    p.normal = Vec3(r[3], r[4], r[5]);
    p.local_a = Vec3(r[6], r[7], r[8]);
    p.local_b = Vec3(r[9], r[10], r[11]);
    p.gap = r[12];
    current_.push_back(p);
  }
}

}  // namespace stickslip::geometry
