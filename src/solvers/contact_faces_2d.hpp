// The planar frictional contact problem (frictional_contact.hpp, interval cones) of one or two contacts, solved
// directly by its faces: the fast path of the time-stepping scheme's small problems (a ball, a
// rocking block), where lifting to an LCP of 4 variables per contact and pivoting cost more than
// the whole rest of the step.
//
// A face fixes, per contact, which conditions hold with equality:
//   open            p_N = p_T = 0, and then v_N >= 0 must hold;
//   stick           v_N = 0 and v_T = 0, and then |p_T| <= μ p_N, p_N >= 0 must hold;
//   slide (s = ±1)  v_N = 0 and p_T = s μ p_N, and then p_N >= 0 and s v_T <= 0 must hold
//                   (the friction impulse opposes the slip).
// On a face the unknowns solve a linear system of at most 4 × 4 (a fully pivoted LU of the face's
// size, fixed at compile time, on the stack; the 2 × 2 written out); the face is the solution when
// the inequalities hold. One
// contact has 4 faces, two have 16: every one can be tried, the faces of the caller's guess (the
// previous step's impulses) first, so that a contact that keeps its state costs one solve. A face
// whose system is singular (two sticking corners of one flat face of a body: four rows, three
// velocities) takes the minimum-norm solution of its equations when they are consistent, the
// balanced split of the indeterminate tangential impulses. A solution in which a contact "slides"
// with zero slip velocity is replaced by the one where it sticks, when that exists (two corners of
// a stopped block would otherwise keep pulling against each other at ±μ p_N). No heap work.
#pragma once

#include <span>

#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {

class ContactFaces2D {
 public:
  static constexpr int kMaxContacts = 2;
  // Inequalities of a face hold to this fraction of the problem's impulse or velocity scale.
  static constexpr double kTolerance = 1e-10;

  // W (n × n) and b of n = 2 m rows, every row the normal or the tangent of one of the m <= 2
  // contacts. p: in, the guess whose faces are tried first (sized n; any values); out, the
  // solution. Returns false (p unchanged) when the input does not fit or no face solves the
  // problem to the tolerance: the caller then solves it by another method. `rank_bound`: W's rank
  // is at most this (W = H M⁻¹ Hᵀ: the count of velocities, 3 for one planar body); a face with more
  // unknowns is singular by construction and goes to its minimum-norm solution without the LU.
  bool solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p,
             int rank_bound = 4);

  int faces_tried() const { return faces_tried_; }
  // A contact's face (the header's list).
  enum Face : int { open = 0, stick = 1, slide_positive = 2, slide_negative = 3 };
  // The natural residual (box_lcp.hpp) of the last solution.
  double residual() const { return residual_; }

 private:
  // Solves one face of the problem in w_, b_ into trial_; true when its inequalities hold.
  bool try_face(std::span<const FrictionContact> contacts, const int face[2]);

  int faces_tried_ = 0;
  double residual_ = 0.0;
  int tried_face_[2] = {open, open};  // the face of the last try
  double velocity_[4] = {};           // W p + b at the last try
  double slip_tolerance_ = 0.0;       // its tangential velocity counted as no slip
  double b_max_ = 0.0, w_max_ = 0.0;  // max |b_i| and max |W_ij| of the problem
  // The problem (top-left n_ × n_ of w_, head of b_) and the face being tried, in fixed-size storage.
  int n_ = 0, rank_bound_ = 4;
  Eigen::Matrix4d w_ = Eigen::Matrix4d::Zero();
  Eigen::Vector4d b_ = Eigen::Vector4d::Zero();
  Eigen::Vector4d trial_ = Eigen::Vector4d::Zero();
};

}  // namespace stickslip::solvers
