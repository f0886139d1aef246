// Saving and restoring the parts of a scheme's state that checkpoints share (math/snapshot.hpp):
// a State, the persistent fields of a Workspace, contact states.
#pragma once

#include <string>
#include <vector>

#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "math/snapshot.hpp"
#include "state/state.hpp"

namespace stickslip {

void save_state(Snapshot& snapshot, const std::string& prefix, const State& s);
// Throws SnapshotError when the sizes do not fit the model.
void restore_state(const Snapshot& snapshot, const std::string& prefix, const Model& model, State& s);

// What a workspace carries from one evaluation to the next: the multipliers (the warm start of the
// joint-friction Newton solve) and the redundancy found at the start.
void save_workspace(Snapshot& snapshot, const std::string& prefix, const Workspace& ws);
void restore_workspace(const Snapshot& snapshot, const std::string& prefix, Workspace& ws);

void save_contact_states(Snapshot& snapshot, const std::string& key, const std::vector<ContactState>& states);
std::vector<ContactState> restore_contact_states(const Snapshot& snapshot, const std::string& key, std::size_t n);

// std::vector<char> flags and per-contact doubles.
void save_flags(Snapshot& snapshot, const std::string& key, const std::vector<char>& flags);
std::vector<char> restore_flags(const Snapshot& snapshot, const std::string& key, std::size_t n);
std::vector<double> restore_reals(const Snapshot& snapshot, const std::string& key, std::size_t n);

}  // namespace stickslip
