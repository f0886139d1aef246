// The scenes in Bullet (Debian's double-precision build, `pkg-config bullet-float64`): a
// btDiscreteDynamicsWorld with its default parts (btDefaultCollisionConfiguration, btDbvtBroadphase,
// btSequentialImpulseConstraintSolver at its default 10 iterations, split impulse and ERP as shipped),
// stepped by stepSimulation(h, 0): one step of exactly h, no substeps or interpolation. The ground
// is a large static box (Bullet's box-box detector gives a face its four points). Bullet multiplies
// the two bodies' friction coefficients, so every body carries √μ and each pair μ; restitution 0.
// Deactivation (sleeping) is switched off, so that every step solves the scene as the other engines do.
#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <vector>

#include "engine.hpp"

namespace engines {
namespace {

btVector3 bt(const Vec3& v) { return btVector3(v.x(), v.y(), v.z()); }
Vec3 eigen(const btVector3& v) { return Vec3(v.x(), v.y(), v.z()); }

class BulletEngine final : public Engine {
 public:
  explicit BulletEngine(const Scene& scene)
      : dispatcher_(&configuration_), world_(&dispatcher_, &broadphase_, &solver_, &configuration_), h_(scene.h) {
    world_.setGravity(bt(scene.gravity));
    const double friction = std::sqrt(scene.mu);
    ground_shape_ = std::make_unique<btBoxShape>(btVector3(100, 100, 1));
    add_body(*ground_shape_, 0.0, Vec3(0, 0, -1), Vec3::Zero(), Vec3::Zero(), friction);
    for (const BodySpec& b : scene.bodies) {
      if (b.shape == Shape::sphere) {
        shapes_.push_back(std::make_unique<btSphereShape>(b.radius));
      } else {
        shapes_.push_back(std::make_unique<btBoxShape>(bt(b.half)));
      }
      bodies_.push_back(add_body(*shapes_.back(), b.mass, b.position, b.velocity, b.angular_velocity, friction));
    }
  }

  ~BulletEngine() override {
    for (auto& body : all_) world_.removeRigidBody(body.get());
  }

  void step() override { world_.stepSimulation(h_, 0); }

  BodyState body(int index) const override {
    const btRigidBody& b = *bodies_[static_cast<std::size_t>(index)];
    const btTransform& t = b.getCenterOfMassTransform();
    const btQuaternion q = t.getRotation();
    BodyState s;
    s.position = eigen(t.getOrigin());
    s.orientation = Eigen::Quaterniond(q.w(), q.x(), q.y(), q.z());
    s.velocity = eigen(b.getLinearVelocity());
    s.angular_velocity = eigen(b.getAngularVelocity());
    return s;
  }

 private:
  btRigidBody* add_body(btCollisionShape& shape, double mass, const Vec3& position, const Vec3& velocity,
                        const Vec3& omega, double friction) {
    btVector3 inertia(0, 0, 0);
    if (mass > 0) shape.calculateLocalInertia(mass, inertia);
    btTransform pose;
    pose.setIdentity();
    pose.setOrigin(bt(position));
    btRigidBody::btRigidBodyConstructionInfo info(mass, nullptr, &shape, inertia);
    info.m_startWorldTransform = pose;
    info.m_friction = friction;
    info.m_restitution = 0;
    all_.push_back(std::make_unique<btRigidBody>(info));
    btRigidBody* body = all_.back().get();
    body->setLinearVelocity(bt(velocity));
    body->setAngularVelocity(bt(omega));
    body->setActivationState(DISABLE_DEACTIVATION);
    world_.addRigidBody(body);
    return body;
  }

  btDefaultCollisionConfiguration configuration_;
  btCollisionDispatcher dispatcher_;
  btDbvtBroadphase broadphase_;
  btSequentialImpulseConstraintSolver solver_;
  btDiscreteDynamicsWorld world_;
  double h_;
  std::unique_ptr<btCollisionShape> ground_shape_;
  std::vector<std::unique_ptr<btCollisionShape>> shapes_;
  std::vector<std::unique_ptr<btRigidBody>> all_;
  std::vector<btRigidBody*> bodies_;  // the scene's bodies, in its order
};

}  // namespace

std::unique_ptr<Engine> make_bullet(const Scene& scene) { return std::make_unique<BulletEngine>(scene); }

}  // namespace engines
