// The scenes in ODE (Debian's libode, double precision): its iterative solver dWorldQuickStep at the
// default 20 iterations, world ERP and CFM as shipped; collision through a hash space, up to 8
// points per shape pair, the ground a plane. Each contact has Coulomb friction μ on ODE's pyramid
// scaled by the normal force (dContactApprox1: ODE's plain mode would read μ as a force bound in
// newtons), no bounce. A step is dSpaceCollide, dWorldQuickStep(h), then the contact joints emptied.
#include <ode/ode.h>

#include <vector>

#include "engine.hpp"

namespace engines {
namespace {

class OdeEngine final : public Engine {
 public:
  explicit OdeEngine(const Scene& scene) : mu_(scene.mu), h_(scene.h) {
    initialise_once();
    world_ = dWorldCreate();
    space_ = dHashSpaceCreate(nullptr);
    contacts_ = dJointGroupCreate(0);
    dWorldSetGravity(world_, scene.gravity.x(), scene.gravity.y(), scene.gravity.z());
    dCreatePlane(space_, 0, 0, 1, 0);
    for (const BodySpec& b : scene.bodies) {
      dBodyID body = dBodyCreate(world_);
      dMass mass;
      dGeomID geom = nullptr;
      if (b.shape == Shape::sphere) {
        dMassSetSphereTotal(&mass, b.mass, b.radius);
        geom = dCreateSphere(space_, b.radius);
      } else {
        const Vec3 size = 2.0 * b.half;
        dMassSetBoxTotal(&mass, b.mass, size.x(), size.y(), size.z());
        geom = dCreateBox(space_, size.x(), size.y(), size.z());
      }
      dBodySetMass(body, &mass);
      dGeomSetBody(geom, body);
      dBodySetPosition(body, b.position.x(), b.position.y(), b.position.z());
      dBodySetLinearVel(body, b.velocity.x(), b.velocity.y(), b.velocity.z());
      dBodySetAngularVel(body, b.angular_velocity.x(), b.angular_velocity.y(), b.angular_velocity.z());
      bodies_.push_back(body);
    }
  }

  ~OdeEngine() override {
    dJointGroupDestroy(contacts_);
    dSpaceDestroy(space_);  // and its geoms
    dWorldDestroy(world_);  // and its bodies
  }

  void step() override {
    dSpaceCollide(space_, this, &OdeEngine::near);
    dWorldQuickStep(world_, h_);
    dJointGroupEmpty(contacts_);
  }

  BodyState body(int index) const override {
    dBodyID b = bodies_[static_cast<std::size_t>(index)];
    const dReal* p = dBodyGetPosition(b);
    const dReal* q = dBodyGetQuaternion(b);  // (w, x, y, z)
    const dReal* v = dBodyGetLinearVel(b);
    const dReal* w = dBodyGetAngularVel(b);  // world frame
    BodyState s;
    s.position = Vec3(p[0], p[1], p[2]);
    s.orientation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]);
    s.velocity = Vec3(v[0], v[1], v[2]);
    s.angular_velocity = Vec3(w[0], w[1], w[2]);
    return s;
  }

 private:
  static void initialise_once() {
    static const bool done = [] {
      dInitODE2(0);
      return true;
    }();
    (void)done;
  }

  static void near(void* data, dGeomID a, dGeomID b) {
    auto* self = static_cast<OdeEngine*>(data);
    dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
    constexpr int kMaxPoints = 8;
    dContact contact[kMaxPoints] = {};
    const int n = dCollide(a, b, kMaxPoints, &contact[0].geom, sizeof(dContact));
    for (int i = 0; i < n; ++i) {
      contact[i].surface.mode = dContactApprox1;
      contact[i].surface.mu = self->mu_;
      dJointID j = dJointCreateContact(self->world_, self->contacts_, &contact[i]);
      dJointAttach(j, ba, bb);
    }
  }

  double mu_, h_;
  dWorldID world_ = nullptr;
  dSpaceID space_ = nullptr;
  dJointGroupID contacts_ = nullptr;
  std::vector<dBodyID> bodies_;
};

}  // namespace

std::unique_ptr<Engine> make_ode(const Scene& scene) { return std::make_unique<OdeEngine>(scene); }

}  // namespace engines
