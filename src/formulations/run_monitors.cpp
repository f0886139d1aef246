#include "formulations/run_monitors.hpp"

#include "math/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stickslip {

std::string short_number(double x, int digits) { return number_text(x, digits); }

namespace {

int column_of(const std::vector<std::string>& columns, const char* name) {
  const auto it = std::find(columns.begin(), columns.end(), name);
  return it == columns.end() ? -1 : static_cast<int>(it - columns.begin());
}

bool driven(const Model& model) {
  if (!model.drivers.empty() || !model.point_forces.empty() || !model.torques.empty() || !model.actuators.empty()) {
    return true;
  }
  for (const Body& b : model.bodies) {
    if (b.motion == BodyMotion::prescribed) return true;
  }
  return false;
}

}  // namespace

EnergyWatch::EnergyWatch(const Model& model, const SimulationOptions& options, const std::vector<std::string>& columns)
    : kinetic_(column_of(columns, "energy.kinetic")),
      potential_(column_of(columns, "energy.potential")),
      total_(column_of(columns, "energy.total")) {
  active_ = !driven(model) && kinetic_ >= 0 && potential_ >= 0 && total_ >= 0;
  // What "beyond the integration's accuracy" means: a fixed-step method (rk4, the time-stepping
  // scheme, whose Moreau-Jean midpoint rule keeps energy to O(h) over impacts and drift correction)
  // gets 1 % of the energy exchanged; an adaptive one 100 times its relative tolerance (at least
  // 0.1 %), since its local errors of size rtol add up over the steps of a run.
  const bool fixed = options.scheme == Scheme::time_stepping || options.integrator == "rk4";
  tolerance_ = fixed ? 1e-2 : std::max(1e-3, 100 * options.integrator_options.rtol);
  // Spatial bodies under time-stepping: docs/schemes.md says which integrator and step hold spinning
  // bodies (the generalized-α method can gain energy once h times the spin nears 1).
  const bool spatial = model.dimension == Dimension::spatial;
  advice_ = options.scheme == Scheme::time_stepping
                ? spatial ? "a smaller step (--dt); for spinning bodies, docs/schemes.md (\"Spinning bodies\") says "
                            "which method and step"
                          : "a smaller step (--dt)"
            : options.integrator == "rk4" ? "a smaller --dt, or --integrator dopri5 or bdf"
                                          : "a smaller --rtol";
}

std::string EnergyWatch::check(const std::vector<double>& row) {
  if (!active_ || warned_) return "";
  const double total = row[static_cast<std::size_t>(total_)], potential = row[static_cast<std::size_t>(potential_)],
               kinetic = row[static_cast<std::size_t>(kinetic_)];
  if (!std::isfinite(total)) return "";
  if (!started_) {
    started_ = true;
    first_total_ = total;
    first_potential_ = potential;
  }
  // The energy exchanged in the motion (independent of where potential energy has its zero).
  exchanged_ = std::max({exchanged_, kinetic, std::abs(potential - first_potential_)});
  const double gain = total - first_total_;
  if (!(gain > tolerance_ * exchanged_ + 1e-9 * std::abs(first_total_))) return "";
  warned_ = true;
  return "t = " + short_number(row[0]) + " s: the total energy has grown by " + short_number(gain, 3) + " J (" +
         short_number(100 * gain / exchanged_, 3) + " % of the energy exchanged in the motion) although nothing " +
         "drives the model: the integration is not accurate, its results are unreliable; try " + advice_;
}

void EnergyWatch::save(Snapshot& snapshot) const {
  snapshot.put_integers("run.energy_watch.flags", {warned_ ? 1 : 0, started_ ? 1 : 0});
  snapshot.put_reals("run.energy_watch.values", {first_total_, first_potential_, exchanged_});
}

void EnergyWatch::restore(const Snapshot& snapshot) {
  const auto& flags = snapshot.integers("run.energy_watch.flags", 2);
  warned_ = flags[0] != 0;
  started_ = flags[1] != 0;
  const auto& v = snapshot.reals("run.energy_watch.values", 3);
  first_total_ = v[0];
  first_potential_ = v[1];
  exchanged_ = v[2];
}

bool PaceWatch::check(double t) {
  if (warned_ || ++steps_ % kWindow != 0) return false;
  const Clock::time_point now = Clock::now();
  const double mean_step = (t - window_t_) / kWindow;
  const double wall = std::chrono::duration<double>(now - window_wall_).count();
  window_t_ = t;
  window_wall_ = now;
  if (first_step_ == 0) {
    first_step_ = mean_step;
    return false;
  }
  constexpr double kCollapse = 1e-3;     // steps a thousand times shorter than the first ones
  constexpr double kLongRun = 60.0;      // and more than a minute of wall time still to go [s]
  const double remaining = mean_step > 0 ? (t_end_ - t) / mean_step * (wall / kWindow) : INFINITY;
  if (!(mean_step < kCollapse * first_step_) || !(remaining > kLongRun)) return false;
  warned_ = true;
  message_ = "t = " + short_number(t) + " s: the steps have collapsed to " + short_number(mean_step, 3) +
             " s on average (" + short_number(first_step_, 3) + " s at the start); at this pace t_end is " +
             (std::isfinite(remaining) ? "about " + short_number(remaining / 3600, 3) + " h" : "never") + " away";
  return true;
}

std::string state_component_owner(const Model& model, int index, const std::vector<char>* closed) {
  if (index < 0) return "";
  static const char* const kCoordinates[] = {"x", "y", "angle"};
  static const char* const kVelocities[] = {"velocity x", "velocity y", "angular velocity"};
  const bool velocity = index >= model.nq && index < model.nq + model.nv;
  if (index < model.nq + model.nv) {
    const int i = velocity ? index - model.nq : index;
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
      const Body& body = model.bodies[b];
      const int offset = velocity ? body.v_offset : body.q_offset;
      if (!body.is_dynamic() || i < offset || i >= offset + 3) continue;
      std::string out = "body " + body.name + " (" + (velocity ? kVelocities : kCoordinates)[i - offset] + ")";
      std::string contacts;
      for (std::size_t c = 0; closed && c < model.contacts.size(); ++c) {
        const Contact& contact = model.contacts[c];
        if (!(*closed)[c] || (contact.body_i != static_cast<int>(b) && contact.body_j != static_cast<int>(b))) continue;
        contacts += (contacts.empty() ? "" : ", ") + contact.name;
        if (contact.normal) contacts += " (" + std::string(contact.normal->name()) + ")";
      }
      return contacts.empty() ? out : out + " in contact " + contacts;
    }
    return "coordinate " + std::to_string(index);
  }
  const int z = index - model.nq - model.nv;
  for (const Contact& c : model.contacts) {
    if (c.friction_states() > 0 && z >= c.z_offset && z < c.z_offset + c.friction_states()) {
      return "contact " + c.name + " (friction state)";
    }
  }
  for (const Joint& j : model.joints) {
    if (j.friction && z >= j.z_offset && z < j.z_offset + joint_friction_states(j)) {
      return "joint " + j.name + " (friction state)";
    }
  }
  return "state " + std::to_string(index);
}

}  // namespace stickslip
