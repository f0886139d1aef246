// One physics engine running one scene (scene.hpp): built from the description, stepped by h, and
// read back (poses and velocities) for the accuracy figures, which the driver computes the same way
// for every engine (engines_bench.cpp).
#pragma once

#include <Eigen/Geometry>
#include <memory>
#include <string>

#include "scene.hpp"

namespace engines {

struct BodyState {
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();  // body → world
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();  // world frame
};

// stickslip's own account of its contact problems over the steps since the engine was built.
struct SolverFigures {
  long solves = 0;
  long unconverged = 0;        // left above the tolerance
  double max_residual = 0;     // largest natural residual of any problem
  double sweeps = 0;           // mean Gauss-Seidel sweeps per problem
  long subspace_steps = 0;     // subspace steps that replaced the iterate
  double tolerance = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual void step() = 0;
  virtual BodyState body(int index) const = 0;
  virtual bool has_solver_figures() const { return false; }
  virtual SolverFigures solver_figures() const { return {}; }
};

// The engines built into this executable (Bullet and ODE when CMake found them).
std::unique_ptr<Engine> make_stickslip(const Scene& scene);
#ifdef STICKSLIP_BENCH_BULLET
std::unique_ptr<Engine> make_bullet(const Scene& scene);
#endif
#ifdef STICKSLIP_BENCH_ODE
std::unique_ptr<Engine> make_ode(const Scene& scene);
#endif

}  // namespace engines
