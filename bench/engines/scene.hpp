// The scenes of the head-to-head benchmark (docs/performance.md, "stickslip against Bullet and ODE"),
// described once, engine by engine built from the same description: boxes and spheres on a horizontal
// ground, gravity (tilted for the incline scenes, which is the same mechanics as a tilted ground and
// spares each engine a rotated plane), one Coulomb coefficient for every contact, plastic impacts,
// the step h. Each scene also says what it measures (`Measure`) and for how long.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <utility>
#include <string>
#include <vector>

namespace engines {

using Vec3 = Eigen::Vector3d;

enum class Shape { box, sphere };

struct BodySpec {
  Shape shape = Shape::box;
  Vec3 half = Vec3(0.1, 0.1, 0.05);  // box half extents [m]
  double radius = 0.1;               // sphere [m]
  double mass = 1.0;                 // [kg]
  Vec3 position = Vec3::Zero();      // centre, world [m]; bodies start unrotated
  Vec3 velocity = Vec3::Zero();      // [m/s]
  Vec3 angular_velocity = Vec3::Zero();  // world = body frame at the start [rad/s]
  int support = -1;  // the box this one rests on (its top face), -1: the ground (z = 0)
};

// What a scene is run for: its accuracy figure (the timing is the same for all).
enum class Measure {
  stack,    // boxes standing at rest: how far they move (drift) and how deep they sink into one another
  hold,     // a box on an incline that friction holds: creep along the slope
  slide,    // a box sliding down an incline: its acceleration against g (sin α − μ cos α)
  roll,     // a sphere thrown without spin: the time its slip ends, t* = 2 v0 / (7 μ g)
};

struct Scene {
  std::string name;
  Measure measure = Measure::stack;
  std::vector<BodySpec> bodies;
  Vec3 gravity = Vec3(0, 0, -9.81);
  double mu = 0.5;
  double h = 1e-3;
  int accuracy_steps = 1000;  // the accuracy run (1 s at h = 1 ms)
  int timed_steps = 200;      // steps timed per repetition, after `warmup_steps` untimed ones
  int warmup_steps = 50;
  bool scaling = false;  // the scaling series: timed only, no accuracy run
};

inline Scene columns(const std::string& name, int nx, int ny, int layers, int timed_steps) {
  Scene s;
  s.name = name;
  s.timed_steps = timed_steps;
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < ny; ++j)
      for (int l = 0; l < layers; ++l) {
        BodySpec b;
        b.position = Vec3(0.5 * i, 0.5 * j, 0.05 + 0.1 * l);  // bottom faces exactly on the top faces below
        b.support = l == 0 ? -1 : static_cast<int>(s.bodies.size()) - 1;
        s.bodies.push_back(b);
      }
  return s;
}

// A box resting on a slope of angle α (gravity tilted by α about y: downhill is +x).
inline Scene incline(const std::string& name, Measure measure, double alpha, double mu) {
  Scene s;
  s.name = name;
  s.measure = measure;
  s.mu = mu;
  s.gravity = 9.81 * Vec3(std::sin(alpha), 0, -std::cos(alpha));
  BodySpec b;
  b.position = Vec3(0, 0, 0.05);
  s.bodies.push_back(b);
  s.timed_steps = 1000;
  return s;
}

inline Scene rolling_sphere() {
  Scene s;
  s.name = "rolling sphere";
  s.measure = Measure::roll;
  s.mu = 0.2;
  BodySpec b;
  b.shape = Shape::sphere;
  b.radius = 0.1;
  b.position = Vec3(0, 0, 0.1);
  b.velocity = Vec3(2, 0, 0);
  s.bodies.push_back(b);
  s.accuracy_steps = 600;
  s.timed_steps = 1000;
  return s;
}

// The scenes of the comparison, then (stickslip alone) the scaling series of columns of ten.
inline std::vector<Scene> all_scenes() {
  std::vector<Scene> s;
  s.push_back(columns("tower of 10", 1, 1, 10, 1000));
  s.push_back(columns("tower of 100", 1, 1, 100, 100));
  s.push_back(columns("ten towers of 10", 1, 10, 10, 200));
  s.push_back(columns("pile of 1000", 10, 10, 10, 20));
  s.push_back(incline("box held on an incline", Measure::hold, 20 * M_PI / 180, 0.5));
  s.push_back(incline("box sliding down an incline", Measure::slide, 30 * M_PI / 180, 0.3));
  s.push_back(rolling_sphere());
  // 100, 1 000 and 10 000 boxes in columns of ten: the time per step against the number of contacts.
  for (const auto& [nx, ny] : {std::pair{2, 5}, std::pair{10, 10}, std::pair{25, 40}}) {
    Scene c = columns(std::to_string(10 * nx * ny) + " boxes in columns of 10", nx, ny, 10, std::max(2, 2000 / (nx * ny)));
    c.scaling = true;
    c.accuracy_steps = 0;
    c.warmup_steps = 10;
    s.push_back(c);
  }
  return s;
}

}  // namespace engines
