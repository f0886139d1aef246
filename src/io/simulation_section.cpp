// Reader of the `simulation` section.
#include "io/model_sections.hpp"

namespace stickslip {

namespace {

Scheme read_scheme(const YamlField& f) {
  const std::string s = f.as_choice({"compliant", "event-driven", "time-stepping"});
  return s == "compliant" ? Scheme::compliant : s == "event-driven" ? Scheme::event_driven : Scheme::time_stepping;
}

void read_event_driven(const YamlField& f, EventDrivenOptions& o) {
  f.expect_keys({"event_tolerance", "restitution_threshold", "friction_facets"});
  if (const auto v = f.get("event_tolerance")) o.event_tolerance = v->as_positive();
  if (const auto v = f.get("restitution_threshold")) o.restitution_threshold = v->as_non_negative();
  if (const auto v = f.get("friction_facets")) {
    o.friction_facets = v->as_int();
    if (o.friction_facets < 4 || o.friction_facets > 64) v->fail("must be an integer from 4 to 64");
  }
}

void read_time_stepping(const YamlField& f, TimeSteppingOptions& o) {
  f.expect_keys({"method", "theta", "spectral_radius", "formulation", "activation_gap", "drift_correction", "solver", "tolerance",
                 "max_iterations", "min_iterations", "relaxation", "subspace_after", "subspace_rounds",
                 "stall_sweeps", "rescue_variables", "interior_point_rescue", "proximal_rescue_rows",
                 "unconverged", "tunnelling", "contact_margin", "sweep"});
  if (const auto v = f.get("method")) {
    o.method = v->as_choice({"theta", "generalized_alpha"}) == "theta" ? TimeSteppingMethod::theta
                                                                      : TimeSteppingMethod::generalized_alpha;
  }
  const bool alpha = o.method == TimeSteppingMethod::generalized_alpha;
  if (const auto v = f.get("theta")) {
    if (alpha) v->fail("θ belongs to method: theta; the generalized-α method is set by spectral_radius");
    o.theta = v->as_double();
    if (!(o.theta > 0 && o.theta <= 1)) v->fail("θ must lie in (0, 1] (θ = 0 would make positions ignore the new velocities)");
  }
  if (const auto v = f.get("spectral_radius")) {
    if (!alpha) v->fail("spectral_radius belongs to method: generalized_alpha");
    o.spectral_radius = v->as_double();
    if (!(o.spectral_radius >= 0 && o.spectral_radius <= 1)) v->fail("the spectral radius ρ∞ must lie in [0, 1]");
  }
  if (const auto v = f.get("formulation")) {
    o.formulation = v->as_choice({"moreau_jean", "stewart_trinkle"}) == "moreau_jean" ? ContactFormulation::moreau_jean
                                                                                    : ContactFormulation::stewart_trinkle;
  }
  if (const auto v = f.get("activation_gap")) o.activation_gap = v->as_non_negative();
  if (const auto v = f.get("contact_margin")) o.contact_margin = v->as_non_negative();
  if (const auto v = f.get("drift_correction")) {
    o.drift_correction = v->as_double();
    if (!(o.drift_correction >= 0 && o.drift_correction < 2)) v->fail("the drift correction β must lie in [0, 2)");
  }
  if (const auto v = f.get("solver")) o.solver = v->as_choice({"auto", "lemke", "pgs", "apgd"});
  if (const auto v = f.get("tolerance")) o.tolerance = v->as_positive();
  if (const auto v = f.get("max_iterations")) {
    o.max_iterations = v->as_int();
    if (o.max_iterations < 1) v->fail("must be >= 1");
  }
  if (const auto v = f.get("min_iterations")) {
    o.min_iterations = v->as_int();
    if (o.min_iterations < 0) v->fail("must be >= 0");
  }
  if (const auto v = f.get("relaxation")) {
    o.relaxation = v->as_double();
    if (!(o.relaxation > 0 && o.relaxation < 2)) v->fail("the relaxation ω must lie in (0, 2)");
  }
  if (const auto v = f.get("subspace_after")) {
    o.subspace_after = v->as_int();
    if (o.subspace_after < 0) v->fail("must be >= 0");
  }
  if (const auto v = f.get("subspace_rounds")) {
    o.subspace_rounds = v->as_int();
    if (o.subspace_rounds < 0) v->fail("must be >= 0");
  }
  if (const auto v = f.get("stall_sweeps")) {
    o.stall_sweeps = v->as_int();
    if (o.stall_sweeps < 0) v->fail("must be >= 0");
  }
  if (const auto v = f.get("rescue_variables")) {
    o.rescue_variables = v->as_int();
    // The rescue's lifted problem is dense and reserved up front: 2000² doubles are 32 MB, and Lemke's
    // pivots on it cost about as much as thousands of sweeps of a big wall.
    if (o.rescue_variables < 0 || o.rescue_variables > 2000) v->fail("must be between 0 and 2000");
  }
  if (const auto v = f.get("interior_point_rescue")) o.interior_point_rescue = v->as_bool();
  if (const auto v = f.get("proximal_rescue_rows")) {
    o.proximal_rescue_rows = v->as_int();
    // Dense: each Newton step factorises the rows' matrix (2000 rows: ~5 GFLOP, a second or so).
    if (o.proximal_rescue_rows < 0 || o.proximal_rescue_rows > 2000) v->fail("must be between 0 and 2000");
  }
  if (const auto v = f.get("sweep")) o.velocity_sweeps = v->as_choice({"velocity", "matrix"}) == "velocity";
  if (const auto v = f.get("unconverged")) o.unconverged_error = v->as_choice({"warn", "error"}) == "error";
  if (const auto v = f.get("tunnelling")) {
    const std::string mode = v->as_choice({"warn", "error", "off"});
    o.tunnelling = mode == "warn" ? TunnellingCheck::warn : mode == "error" ? TunnellingCheck::error : TunnellingCheck::off;
  }
}

}  // namespace

Scheme parse_scheme_name(const std::string& name, bool& ok) {
  ok = true;
  if (name == "compliant") return Scheme::compliant;
  if (name == "event-driven") return Scheme::event_driven;
  if (name == "time-stepping") return Scheme::time_stepping;
  ok = false;
  return Scheme::compliant;
}

void read_simulation(const YamlField& f, SimulationOptions& o) {
  f.expect_keys({"scheme", "t_start", "t_end", "output_interval", "output_every", "integrator", "step", "rtol", "atol", "max_step",
                 "baumgarte", "projection", "projection_tolerance", "redundant_constraints", "event_driven",
                 "time_stepping", "initial"});
  if (const auto v = f.get("scheme")) o.scheme = read_scheme(*v);
  if (const auto v = f.get("initial")) {
    o.initial = v->as_choice({"as_given", "static_equilibrium"}) == "as_given" ? InitialCondition::as_given
                                                                           : InitialCondition::static_equilibrium;
  }
  if (const auto v = f.get("event_driven")) read_event_driven(*v, o.event_driven);
  if (const auto v = f.get("time_stepping")) read_time_stepping(*v, o.time_stepping);
  if (const auto v = f.get("t_start")) o.t_start = v->as_double();
  if (const auto v = f.get("t_end")) {
    o.t_end = v->as_double();
    if (!(o.t_end > o.t_start)) v->fail("t_end must be greater than t_start");
  }
  if (const auto v = f.get("output_interval")) o.output_interval = v->as_non_negative();
  if (const auto v = f.get("output_every")) {
    o.output_every = v->as_int();
    if (o.output_every < 1) v->fail("must be an integer >= 1");
  }
  if (const auto v = f.get("integrator")) o.integrator = v->as_choice({"auto", "rk4", "dopri5", "bdf"});
  if (const auto v = f.get("step")) o.integrator_options.step = v->as_positive();
  if (const auto v = f.get("rtol")) o.integrator_options.rtol = v->as_positive();
  if (const auto v = f.get("atol")) o.integrator_options.atol = v->as_positive();
  if (const auto v = f.get("max_step")) o.integrator_options.max_step = v->as_positive();
  if (const auto b = f.get("baumgarte")) {
    b->expect_keys({"alpha", "beta"});
    o.baumgarte.alpha = b->at("alpha").as_non_negative();
    o.baumgarte.beta = b->at("beta").as_non_negative();
  }
  if (const auto v = f.get("projection")) o.projection = v->as_bool();
  if (const auto v = f.get("projection_tolerance")) o.projection_tolerance = v->as_positive();
  if (const auto v = f.get("redundant_constraints")) o.allow_redundant = v->as_choice({"warn", "error"}) == "warn";
}

}  // namespace stickslip
