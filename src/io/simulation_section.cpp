// Reader of the `simulation` section.
#include "io/model_sections.hpp"

namespace stickslip {

void read_simulation(const YamlField& f, SimulationOptions& o) {
  f.expect_keys({"t_start", "t_end", "output_interval", "integrator", "step", "rtol", "atol", "max_step", "baumgarte",
                 "projection", "projection_tolerance", "redundant_constraints"});
  if (const auto v = f.get("t_start")) o.t_start = v->as_double();
  if (const auto v = f.get("t_end")) {
    o.t_end = v->as_double();
    if (!(o.t_end > o.t_start)) v->fail("t_end must be greater than t_start");
  }
  if (const auto v = f.get("output_interval")) o.output_interval = v->as_non_negative();
  if (const auto v = f.get("integrator")) o.integrator = v->as_choice({"rk4", "dopri5", "bdf"});
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
