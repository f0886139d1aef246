#include <stdexcept>

#include "integrators/bdf.hpp"
#include "integrators/dopri5.hpp"
#include "integrators/rk4.hpp"

namespace stickslip {

std::unique_ptr<Integrator> make_integrator(const std::string& name, const IntegratorOptions& options) {
  if (name == "rk4") return std::make_unique<Rk4Integrator>(options.step);
  if (name == "dopri5") return std::make_unique<Dopri5Integrator>(options);
  if (name == "bdf") return std::make_unique<BdfIntegrator>(options);
  throw std::invalid_argument("unknown integrator '" + name + "' (expected rk4, dopri5 or bdf)");
}

}  // namespace stickslip
