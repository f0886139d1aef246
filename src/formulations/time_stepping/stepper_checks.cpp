// What the time-stepping scheme can take of a model (TimeStepper::check_model): rigid contacts, Coulomb
// friction through its coefficients, Newton restitution, frictional prismatic joints without contacts or
// spring elements; everything else is a ModelError naming the key, or a warning saying how it is
// approximated.
#include "formulations/time_stepping/time_stepper.hpp"
#include "math/errors.hpp"
#include "math/number_format.hpp"

namespace stickslip {
namespace {

std::string indexed(const char* section, std::size_t k) { return std::string(section) + "[" + std::to_string(k) + "]"; }

}  // namespace

// A frictional prismatic joint's friction in a step (joint_contact_step.cpp) decides stick on the
// velocity at the step's end, through the slide's response to η: a slide set by a driver has none (the
// holding η is indeterminate), and the regularised sign, taken at the step's start, would be an
// explicit law whose steps above 2 m v_t/(μ N) overshoot rest and chatter at the size of v_t.
void TimeStepper::check_joint_contact(std::size_t k) const {
  const Joint& j = model_.joints[k];
  const std::string path = indexed("joints", k) + ".contact";
  if (j.contact->rule == JointFrictionRule::regularised_sign) {
    throw ModelError(path + ".friction_rule",
                     "joint '" + j.name +
                         "' has friction_rule regularised_sign, an explicit law in a time step (unstable for steps "
                         "above 2 m v_t/(mu N)); the time-stepping scheme takes exact_stick (the default), or use the "
                         "compliant scheme");
  }
  for (const Driver& d : model_.drivers) {
    if (d.target == DriverTarget::joint_coordinate && d.joint == static_cast<int>(k)) {
      throw ModelError(path, "joint '" + j.name + "' is frictional and its slide is driven by driver '" + d.name +
                                 "': the friction cannot move a driven slide, so the time-stepping scheme cannot "
                                 "decide its stick; use the compliant scheme");
    }
  }
}

// Friction in a spatial revolute, spherical or cylindrical joint (joint_friction_step.cpp): Coulomb's
// law through the law's coefficients, decided exactly in a step whose rows are all bilateral and
// whose iteration matrix is M (as for the prismatic joints' contact analysis), together with the
// contacts and joint stops (settle_joint_friction_with_contacts); a driven coordinate would leave the
// holding friction indeterminate.
void TimeStepper::check_joint_friction(std::size_t k) {
  const Joint& j = model_.joints[k];
  const std::string path = indexed("joints", k) + ".friction";
  if (j.dimension != Dimension::spatial) {
    throw ModelError(path, "joint '" + j.name +
                               "' has friction, which the time-stepping scheme models in spatial joints only; use the "
                               "compliant scheme");
  }
  if (implicit_) {
    throw ModelError(path, "joint '" + j.name +
                               "' has friction in a model with spring elements, which the time-stepping scheme does "
                               "not model yet; use the " +
                               (j.friction->law->set_valued() ? "event-driven scheme" : "compliant scheme"));
  }
  const laws::FrictionLaw& law = *j.friction->law;
  if (law.state_size() > 0) {
    throw ModelError(path + ".law", "joint '" + j.name + "': friction law '" + std::string(law.name()) +
                                        "' has an internal state, which the time-stepping scheme does not integrate; "
                                        "use 'coulomb' or the compliant scheme");
  }
  if (!law.set_valued()) {
    warnings_.push_back("joint '" + j.name + "': friction law '" + std::string(law.name()) +
                        "' is applied as Coulomb friction with its static and kinetic coefficients");
  }
  for (const Driver& d : model_.drivers) {
    if (d.target == DriverTarget::joint_coordinate && d.joint == static_cast<int>(k)) {
      throw ModelError(path, "joint '" + j.name + "' is frictional and driven by driver '" + d.name +
                                 "': the friction cannot move a driven coordinate; use the compliant scheme");
    }
  }
}

// Rigid contacts only; Coulomb through its coefficients; Newton restitution.
void TimeStepper::check_model() {
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    if (model_.joints[k].friction) check_joint_friction(k);
    // Frictional prismatic joints (joint_contact_step.cpp): their η is exact in a step whose only
    // rows are bilateral and whose iteration matrix is M; with contact rows (η would move their
    // impulses through the LCP) or spring elements (W̃ ≠ M) it would not be.
    if (model_.joints[k].contact && (!model_.contacts.empty() || model_.has_shape_contacts() || implicit_)) {
      throw ModelError(indexed("joints", k) + ".contact",
                       "joint '" + model_.joints[k].name + "' has contact analysis (friction) in a model with " +
                           (implicit_ ? "spring elements" : "contacts") +
                           ", which the time-stepping scheme does not model yet; use the compliant scheme");
    }
    if (model_.joints[k].contact) check_joint_contact(k);
  }
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    const std::string path = indexed("contacts", k);
    // A contact may carry both laws: this scheme takes the rigid one.
    if (c.compliant() && !c.impact) {
      throw ModelError(path + ".normal", "contact '" + c.name +
                                             "' is compliant (a normal force law) without an 'impact' law; the "
                                             "time-stepping scheme needs rigid contacts: add an impact law or use "
                                             "--scheme compliant or event-driven");
    }
    double e = c.impact ? c.impact->normal_coefficient() : 0.0;
    if (c.impact && c.impact->kind() == laws::RestitutionKind::kPoisson) {
      warnings_.push_back("contact '" + c.name + "': Poisson restitution is applied as Newton's law with e_N = " +
                          number_text(e) + " (they agree for single frictionless impacts)");
    }
    if (c.impact && c.impact->tangential_coefficient() > 0) {
      warnings_.push_back("contact '" + c.name + "': the tangential restitution coefficient is ignored by the "
                          "time-stepping scheme (Coulomb friction decides the tangential impulse)");
    }
    restitution_.push_back(e);
    double mu_s = 0, mu_k = 0;
    if (c.friction) {
      if (c.friction->state_size() > 0) {
        throw ModelError(path + ".friction", "contact '" + c.name + "': friction law '" + std::string(c.friction->name()) +
                                                 "' has an internal state, which the time-stepping scheme does not "
                                                 "integrate; use 'coulomb' or the compliant scheme");
      }
      if (!c.friction->set_valued()) {
        warnings_.push_back("contact '" + c.name + "': friction law '" + std::string(c.friction->name()) +
                            "' is applied as Coulomb friction with its static and kinetic coefficients");
      }
      mu_s = c.friction->static_coefficient();
      mu_k = c.friction->kinetic_coefficient();
    }
    mu_static_.push_back(mu_s);
    mu_kinetic_.push_back(mu_k);
  }
  check_shape_laws();
}

}  // namespace stickslip
