#include "formulations/scheme_snapshot.hpp"

namespace stickslip {

namespace {

Vec sized(const Snapshot& snapshot, const std::string& key, Eigen::Index n) {
  const std::vector<double>& v = snapshot.reals(key, static_cast<std::size_t>(n));
  return Eigen::Map<const Vec>(v.data(), n);
}

}  // namespace

void save_state(Snapshot& snapshot, const std::string& prefix, const State& s) {
  snapshot.put(prefix + "t", s.t);
  snapshot.put(prefix + "q", s.q);
  snapshot.put(prefix + "v", s.v);
  snapshot.put(prefix + "z", s.z);
}

void restore_state(const Snapshot& snapshot, const std::string& prefix, const Model& model, State& s) {
  s.t = snapshot.real(prefix + "t");
  s.q = sized(snapshot, prefix + "q", model.nq);
  s.v = sized(snapshot, prefix + "v", model.nv);
  s.z = sized(snapshot, prefix + "z", model.nz);
}

void save_workspace(Snapshot& snapshot, const std::string& prefix, const Workspace& ws) {
  snapshot.put(prefix + "lambda", ws.lambda);
  snapshot.put_integer(prefix + "redundant_constraints", ws.redundant_constraints ? 1 : 0);
}

void restore_workspace(const Snapshot& snapshot, const std::string& prefix, Workspace& ws) {
  ws.lambda = sized(snapshot, prefix + "lambda", ws.lambda.size());
  ws.redundant_constraints = snapshot.integer(prefix + "redundant_constraints") != 0;
}

void save_contact_states(Snapshot& snapshot, const std::string& key, const std::vector<ContactState>& states) {
  snapshot.put_enums(key, states);
}

std::vector<ContactState> restore_contact_states(const Snapshot& snapshot, const std::string& key, std::size_t n) {
  return snapshot.enums<ContactState>(key, n, 0, 3);
}

void save_flags(Snapshot& snapshot, const std::string& key, const std::vector<char>& flags) {
  snapshot.put_enums(key, flags);
}

std::vector<char> restore_flags(const Snapshot& snapshot, const std::string& key, std::size_t n) {
  return snapshot.enums<char>(key, n, -128, 127);
}

std::vector<double> restore_reals(const Snapshot& snapshot, const std::string& key, std::size_t n) {
  return snapshot.reals(key, n);
}

}  // namespace stickslip
