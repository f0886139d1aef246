#include "formulations/output.hpp"

#include <stdexcept>

namespace stickslip {

int MemorySink::column(const std::string& name) const {
  for (std::size_t k = 0; k < columns.size(); ++k) {
    if (columns[k] == name) return static_cast<int>(k);
  }
  return -1;
}

std::vector<double> MemorySink::series(const std::string& name) const {
  const int c = column(name);
  if (c < 0) throw std::out_of_range("no output column '" + name + "'");
  std::vector<double> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(r[static_cast<std::size_t>(c)]);
  return out;
}

}  // namespace stickslip
