// Translation unit so the math layer has an object file; helpers are header-only.
#include "math/types.hpp"
