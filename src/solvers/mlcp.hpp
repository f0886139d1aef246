// Mixed LCP: equality rows with free variables beside complementarity rows.
//
//   K = [A  C]   z = [u]   find u free, v >= 0 with   A u + C v + a = 0,
//       [D  B]       [v]                              w = D u + B v + b >= 0,  v^T w = 0,
//   q = [a; b], n_free = size of u. The result uses the LCP convention: z = [u; v], w = K z + q
//   (w = 0 on the free rows up to the residual), residual = max(|w_free|, |min(v, w)|).
// Methods (docs/solvers.md has the guidance):
//   schur:  eliminate u with a dense LU of A (A must be nonsingular) and solve the LCP in v with
//           M = B - D A^{-1} C, q = b - D A^{-1} a by Lemke (exact; FB if Lemke fails). Best when A
//           is small or dense; it forms the dense Schur complement. `solved` needs the relative
//           residual (equilibration.hpp) of the whole MLCP <= max(tolerance, 1e-8); a poorer answer
//           of a nonsingular but ill-conditioned A is reported as singular.
//   fischer_burmeister: semismooth Newton on the whole MLCP (no elimination; A may be singular as
//           long as the Newton matrices are not). Dense LU per step, or sparse LU for a sparse K:
//           no Schur complement is formed, so sparsity is kept.
//   pgs:    projected Gauss-Seidel on the whole MLCP (free rows are plain Gauss-Seidel rows); needs a
//           positive diagonal and converges for symmetric positive (semi)definite K. Dense or sparse.
//   automatic: schur when n_free <= 256 and A is nonsingular, else fischer_burmeister; when the
//           Schur answer is not accepted, fischer_burmeister runs too and the better answer is kept.
#pragma once

#include "solvers/box_lcp.hpp"
#include "solvers/dense_lu.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/fischer_burmeister.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {

enum class MlcpMethod { automatic, schur, fischer_burmeister, pgs };

struct MlcpOptions {
  MlcpMethod method = MlcpMethod::automatic;
  double tolerance = 1e-10;  // of the iterative methods; Schur accepts max(tolerance, 1e-8) relative
  int max_iterations = 0;    // 0: the default of the method used
  double relaxation = 1.0;   // PGS only
};

class MlcpSolver {
 public:
  explicit MlcpSolver(Eigen::Index capacity = 0, MlcpOptions options = {});
  void reserve(Eigen::Index capacity);
  MlcpOptions& options() { return options_; }

  // Dense K. z_start (optional warm start, may alias result.z) is used by fischer_burmeister and
  // pgs; the Schur/Lemke path is exact and ignores it.
  void solve(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result);
  void solve(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef& z_start,
             LcpResult& result);
  // Sparse K: fischer_burmeister with a sparse LU (automatic, schur) or pgs. Allocates. Non-finite
  // entries of K or q are invalid_input.
  void solve(const SparseMat& K, const VecRef& q, Eigen::Index n_free, LcpResult& result);
  void solve(const SparseMat& K, const VecRef& q, Eigen::Index n_free, const VecRef& z_start,
             LcpResult& result);

  // The method the last solve used (automatic resolved).
  MlcpMethod last_method() const { return last_; }

 private:
  void dispatch(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start,
                LcpResult& result);
  bool schur(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result);
  void newton(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start, LcpResult& result);
  void pgs(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start, LcpResult& result);
  void sparse_newton(const SparseMat& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start,
                     LcpResult& result);
  void free_row_bounds(Eigen::Index n, Eigen::Index n_free);

  MlcpOptions options_;
  MlcpMethod last_ = MlcpMethod::automatic;
  DenseLu lu_;
  Mat ainv_c_, reduced_;          // A^{-1} C (n_free x m) and the Schur complement (m x m)
  Vec ainv_a_, reduced_q_, tmp_;  // A^{-1} a, reduced q, scratch
  LcpResult reduced_result_, trial_;
  Equilibration eq_;
  LemkeSolver lemke_;
  FischerBurmeisterSolver fb_;
  BoxPgsSolver box_;
  BoxBounds bounds_;
};

const char* to_string(MlcpMethod method);

// True when K is square, q has its size and every stored entry of both is finite.
bool is_valid_lcp(const SparseMat& K, const VecRef& q);

}  // namespace stickslip::solvers
