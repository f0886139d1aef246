// A simulation driven step by step (Python's stickslip.Simulation, docs/python.md): the run loop of
// simulate() (formulations/run_loop.hpp) called one step at a time, with between two steps
//   - the state read and set (q, v, z; or one body's pose and velocity by name),
//   - inputs changed: a driver's target, a point force, a torque, a joint actuator's effort,
//   - the contacts at the current instant (points, normals, forces, states),
//   - checkpoints taken and restored in memory,
// and a controller called before every step. Without changes between steps its rows and events equal
// simulate()'s bit for bit; advance(t) then ends a step at t, which under a scheme with adaptive steps
// is a step the run would not have taken (unless t is an output time the strategy lands on).
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "formulations/integrator_choice.hpp"
#include "formulations/observer.hpp"
#include "formulations/simulation.hpp"
#include "state/state.hpp"

namespace stickslip {

class RunLoop;
class StepStrategy;
struct Workspace;

// One body's pose and velocity as the output columns give them (docs/cli.md): spatial bodies in the
// frame their model gave (not the principal frame of State::q), planar bodies in x, y, θ.
struct BodyMotionState {
  Vec3 position = Vec3::Zero();          // centre of mass, world (planar: z = 0)
  Quat orientation = Quat::Identity();   // spatial: the body frame → world
  double angle = 0;                      // planar: θ
  Vec3 velocity = Vec3::Zero();          // ṙ, world
  Vec3 angular_velocity = Vec3::Zero();  // spatial: ω in the body frame; planar: (0, 0, ω)
};

// A contact at the current instant, in the world frame (planar: z = 0): one of the model's contacts,
// or one point of a contact between shapes (shape_i and shape_j name the shapes; its row of the
// contact points file, docs/cli.md). A shape point has no tangent basis of its own: its tangents stay
// zero, slip_velocity[0] is |v_T| and friction_force[0] is |F_T|; `friction` is F_T either way.
struct ContactStatus {
  std::string name;                 // the contact's name; a shape point: "<shape_i>|<shape_j>#<id>" (the event log's)
  std::string shape_i, shape_j;     // a shape point's shapes (empty for the model's contacts)
  int point_id = -1;                // a shape point's identity within its pair (-1: a model's contact)
  ContactState state = ContactState::open;
  double gap = 0, normal_velocity = 0;
  Vec3 point = Vec3::Zero(), normal = Vec3::Zero();
  std::array<Vec3, 2> tangents{Vec3::Zero(), Vec3::Zero()};  // the second zero for a planar contact
  Vec2 slip_velocity = Vec2::Zero();  // along the tangents
  double normal_force = 0;            // F_N ≥ 0
  Vec2 friction_force = Vec2::Zero(); // along the tangents
  Vec3 friction = Vec3::Zero();       // F_T, world
  Vec3 force = Vec3::Zero();          // F_N n + F_T on body j (the reverse on body i)
};

class Simulation {
 public:
  // Starts the run (set_up and the first row); throws ModelError and NumericalError as simulate().
  Simulation(Model model, SimulationOptions options, SimulationCallbacks callbacks = {});
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  const Model& model() const { return model_; }
  const SimulationOptions& options() const { return options_; }
  double time() const;
  double t_end() const { return options_.t_end; }
  // t_end reached, or a stop request (SimulationCallbacks::should_stop) ended the run.
  bool finished() const { return finished_; }

  // Called before every step (a controller): it may read the state and set inputs.
  std::function<void(Simulation&)> before_step;

  // One step of the scheme (an integrator step, up to an event, or a time step). Throws
  // std::logic_error when the run is finished or failed.
  void step();
  // Steps until time() == t (the last step ends at t). Throws std::invalid_argument for t beyond
  // t_end or before time().
  void advance(double t);

  // The state at time() (State::q in the principal frames of spatial bodies, model/body.hpp).
  const State& state();
  // Continues from s (s.t must be time()), projected onto the constraints; the contacts' states are
  // decided anew and the integrator restarts (StepStrategy::start_from).
  void set_state(State s);
  BodyMotionState body_state(const std::string& body);
  void set_body_state(const std::string& body, const BodyMotionState& motion);
  std::vector<ContactStatus> contacts();
  // The workspace evaluated at the current state (kinematics, forces, reactions, contacts).
  const Workspace& workspace();

  // Inputs, from time() on, until changed again. Unknown names throw std::invalid_argument.
  // A driver's target becomes value + rate (t − t₀) + ½ acceleration (t − t₀)², t₀ = time().
  void set_driver(const std::string& name, double value, double rate = 0, double acceleration = 0);
  // A point force's or a torque's components, in the frame its model gives (global or body); a
  // planar torque is the z component.
  void set_point_force(const std::string& name, const Vec3& force);
  void set_torque(const std::string& name, const Vec3& torque);
  void set_actuator(const std::string& name, double effort);

  // A checkpoint now, with the inputs set; restore() continues from it in this simulation (rows and
  // events after it are dropped) exactly as the run went on from there.
  Snapshot checkpoint();
  void restore(const Snapshot& snapshot);

  // The output columns and their values at the current state (the row a run would write now).
  const std::vector<std::string>& columns() const;
  std::vector<double> current_row();

  const MemorySink& rows() const { return sink_; }
  const std::vector<EventRecord>& events() const { return events_.events; }
  // The summary of the run (filled once it is finished; before, the figures so far without the
  // scheme's part).
  SimulationSummary summary() const;

 private:
  struct Input {
    int kind = 0;  // Kind
    double t0 = 0;
    std::array<double, 3> values{};
  };
  enum Kind { driver_input = 0, force_input = 1, torque_input = 2, actuator_input = 3 };
  void start(const Snapshot* checkpoint);
  void take_step(double t_pause);
  void finish();
  void check_running() const;
  void apply(const std::string& name, const Input& input);
  void set_input(const std::string& name, const Input& input);
  int index_of(const std::string& name, Kind kind) const;

  Model model_;     // the strategies read it; inputs replace its functions between steps
  Model original_;  // as built: restore() starts from it
  SimulationOptions options_;
  IntegratorChoice choice_;
  SimulationCallbacks callbacks_;
  MemorySink sink_;
  MemoryEventSink events_;
  std::unique_ptr<RunLoop> loop_;
  std::unique_ptr<StepStrategy> strategy_;
  std::map<std::string, Input> inputs_;
  std::unique_ptr<Observer> observer_;
  bool finished_ = false;
  bool stepping_ = false;  // inside step(): the controller may not step
  bool failed_ = false;
  std::optional<SimulationSummary> summary_;
};

}  // namespace stickslip
