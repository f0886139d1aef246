#include "sweep/quantities.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace stickslip {

std::vector<std::string> columns_read(const QuantitySpec& q) {
  switch (q.kind) {
    case QuantityKind::final:
    case QuantityKind::change:
    case QuantityKind::max:
    case QuantityKind::min:
    case QuantityKind::max_abs: return {q.column};
    case QuantityKind::overturned: return {q.column + ".theta"};
    default: return {};
  }
}

void QuantityRecorder::begin(const std::vector<std::string>& columns) {
  for (std::size_t k = 0; k < specs_.size(); ++k) {
    const auto read = columns_read(specs_[k]);
    if (read.empty()) continue;
    const auto it = std::find(columns.begin(), columns.end(), read.front());
    if (it == columns.end()) throw std::invalid_argument("the run has no output column '" + read.front() + "'");
    tracks_[k].column = static_cast<int>(it - columns.begin());
  }
}

void QuantityRecorder::write(const std::vector<double>& row) {
  for (std::size_t k = 0; k < specs_.size(); ++k) {
    Track& t = tracks_[k];
    if (t.column < 0) continue;
    const double v = row[static_cast<std::size_t>(t.column)];
    if (rows_ == 0) t.first = v;
    t.last = v;
    t.max = std::max(t.max, v);
    t.min = std::min(t.min, v);
    t.max_abs = std::max(t.max_abs, std::abs(v));
    if (specs_[k].kind == QuantityKind::overturned && std::abs(v - t.first) >= specs_[k].angle) t.overturned = true;
  }
  ++rows_;
}

void QuantityRecorder::write(const EventRecord& e) {
  for (std::size_t k = 0; k < specs_.size(); ++k) {
    const QuantitySpec& q = specs_[k];
    if (q.kind != QuantityKind::first_event || !std::isnan(tracks_[k].event_time)) continue;
    if (e.kind == q.event && (q.contact.empty() || e.contact == q.contact)) tracks_[k].event_time = e.t;
  }
}

std::vector<double> QuantityRecorder::values(const SimulationSummary& summary) const {
  std::vector<double> out;
  out.reserve(specs_.size());
  for (std::size_t k = 0; k < specs_.size(); ++k) {
    const Track& t = tracks_[k];
    switch (specs_[k].kind) {
      case QuantityKind::final: out.push_back(t.last); break;
      case QuantityKind::change: out.push_back(t.last - t.first); break;
      case QuantityKind::max: out.push_back(t.max); break;
      case QuantityKind::min: out.push_back(t.min); break;
      case QuantityKind::max_abs: out.push_back(t.max_abs); break;
      case QuantityKind::first_event: out.push_back(t.event_time); break;
      case QuantityKind::overturned: out.push_back(t.overturned ? 1.0 : 0.0); break;
      case QuantityKind::wall_time: out.push_back(summary.wall_time_s); break;
      case QuantityKind::steps: out.push_back(static_cast<double>(summary.stats.steps)); break;
      case QuantityKind::contact_events: out.push_back(static_cast<double>(summary.contact_events)); break;
    }
  }
  return out;
}

}  // namespace stickslip
