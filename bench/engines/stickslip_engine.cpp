// The scenes in stickslip: a model file written from the scene (as a user would write it), read by
// read_model_file, and stepped by the time-stepping scheme's TimeStepper at its default settings
// (Moreau-Jean, θ = 1/2, Gauss-Seidel on the exact disc cone to the default tolerance, its rescues).
// A box rests on its support through `box_plane`: its eight corners against the ground or against
// the top face of the box below (a plane of that box), the form spatial stacks take today.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "io/model_file.hpp"

namespace engines {
namespace {

using stickslip::ModelFile;

std::string vec(const Vec3& v) {
  std::ostringstream o;
  o.precision(17);
  o << "[" << v.x() << ", " << v.y() << ", " << v.z() << "]";
  return o.str();
}

Vec3 inertia(const BodySpec& b) {
  if (b.shape == Shape::sphere) return Vec3::Constant(0.4 * b.mass * b.radius * b.radius);
  const Vec3 s = b.half.cwiseProduct(b.half);
  return b.mass / 3.0 * Vec3(s.y() + s.z(), s.x() + s.z(), s.x() + s.y());
}

std::string model_text(const Scene& scene) {
  std::ostringstream bodies, contacts, laws;
  laws.precision(17);
  laws << "impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: " << scene.mu << ", mu_k: " << scene.mu << "}";
  for (std::size_t k = 0; k < scene.bodies.size(); ++k) {
    const BodySpec& b = scene.bodies[k];
    bodies.precision(17);
    bodies << "  - {name: b" << k << ", mass: " << b.mass << ", inertia: " << vec(inertia(b)) << ", position: "
           << vec(b.position) << ", velocity: " << vec(b.velocity) << ", angular_velocity: " << vec(b.angular_velocity)
           << "}\n";
    if (b.shape == Shape::sphere) {
      contacts << "  - {name: c" << k << ", type: sphere_plane, bodies: [ground, b" << k
               << "], plane: {normal: [0, 0, 1]}, radius: " << b.radius << ", " << laws.str() << "}\n";
      continue;
    }
    contacts << "  - {name: c" << k << ", type: box_plane, bodies: [";
    if (b.support < 0) {
      contacts << "ground, b" << k << "], plane: {normal: [0, 0, 1]}";
    } else {
      const double top = scene.bodies[static_cast<std::size_t>(b.support)].half.z();
      contacts << "b" << b.support << ", b" << k << "], plane: {point: [0, 0, " << top << "], normal: [0, 0, 1]}";
    }
    contacts << ", half_extents: " << vec(b.half) << ", " << laws.str() << "}\n";
  }
  std::ostringstream yaml;
  yaml << "dimension: spatial\ngravity: " << vec(scene.gravity) << "\nbodies:\n"
       << bodies.str() << "contacts:\n"
       << contacts.str() << "simulation: {scheme: time-stepping}\n";
  return yaml.str();
}

ModelFile read_scene(const Scene& scene) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("stickslip_bench_engines_" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(path) << model_text(scene);
  ModelFile mf = stickslip::read_model_file(path.string());
  std::filesystem::remove(path);
  return mf;
}

class StickslipEngine final : public Engine {
 public:
  explicit StickslipEngine(const Scene& scene)
      : file_(read_scene(scene)), h_(scene.h), stepper_(file_.model, file_.options) {
    stepper_.reset(stickslip::assembled_initial_state(file_.model, file_.options, stepper_.workspace()));
    for (std::size_t k = 0; k < file_.model.bodies.size(); ++k)
      if (file_.model.bodies[k].is_dynamic()) body_.push_back(static_cast<int>(k));
  }

  void step() override { stepper_.step(stepper_.state().t + h_); }

  BodyState body(int index) const override {
    const stickslip::Body& b = file_.model.bodies[static_cast<std::size_t>(body_[static_cast<std::size_t>(index)])];
    const stickslip::State& s = stepper_.state();
    BodyState out;
    out.position = s.q.segment<3>(b.q_offset);
    out.orientation = Eigen::Quaterniond(s.q[b.q_offset + 3], s.q[b.q_offset + 4], s.q[b.q_offset + 5], s.q[b.q_offset + 6]);
    out.velocity = s.v.segment<3>(b.v_offset);
    out.angular_velocity = out.orientation * Vec3(s.v.segment<3>(b.v_offset + 3));  // ω is in the body frame
    return out;
  }

  bool has_solver_figures() const override { return true; }
  SolverFigures solver_figures() const override {
    const stickslip::ImpulseSolverStats& s = stepper_.problem().stats();
    SolverFigures f;
    f.solves = s.solves;
    f.unconverged = s.unconverged;
    f.max_residual = s.max_residual;
    f.sweeps = s.solves > 0 ? static_cast<double>(s.iterations) / static_cast<double>(s.solves) : 0.0;
    f.tolerance = file_.options.time_stepping.tolerance;
    f.subspace_steps = s.subspace_steps;
    return f;
  }

 private:
  ModelFile file_;
  double h_;
  stickslip::TimeStepper stepper_;
  std::vector<int> body_;  // model index of each scene body (the ground is body 0)
};

}  // namespace

std::unique_ptr<Engine> make_stickslip(const Scene& scene) { return std::make_unique<StickslipEngine>(scene); }

}  // namespace engines
