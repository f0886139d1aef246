// The cost of writing results (issue: output dominated small models, a CSV row costing 2-6 times a
// time-stepping step of a rocking block). Measured on the rows of that very run (24 columns: the
// block, its two corner contacts, energy, drift), written to /dev/null through the real sinks (so
// the block writes reach the kernel), against the step itself in the same executable:
//   BM_RockingBlockStep — one time-stepping step (h = 1 ms, Lemke on two frictional corners);
//   BM_CsvRow / BM_NpyRow — formatting and buffering one row, blocks written as they fill;
//   BM_RowWithObserver — a whole output row: evaluating the state for it, the Observer's columns
//   and the CSV row (what --output-interval 0 adds to every step).
// Run: build/bin/bench_output --benchmark_counters_tabular=true (docs/performance.md).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "formulations/initial_state.hpp"
#include "formulations/observer.hpp"
#include "formulations/simulation.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "io/csv_writer.hpp"
#include "io/model_file.hpp"
#include "io/npy_writer.hpp"
#include "bench_models.hpp"

namespace stickslip {
namespace {

// The rocking block of bench_time_stepping (bench_models.hpp), stepped at 1 ms with every step written.
const std::string kRockingBlock = std::string(bench::kRockingBlock) +
    "simulation: {scheme: time-stepping, step: 1e-3, t_end: 1.5, output_interval: 0}\n";

const ModelFile& model() {
  static const ModelFile mf = [] {
    const auto path = std::filesystem::temp_directory_path() / "stickslip_bench_output.yaml";
    std::ofstream(path) << kRockingBlock;
    ModelFile m = read_model_file(path.string());
    std::filesystem::remove(path);
    return m;
  }();
  return mf;
}

// The rows of the run, one per step.
const MemorySink& rows() {
  static const MemorySink out = [] {
    MemorySink sink;
    simulate(model().model, model().options, sink);
    return sink;
  }();
  return out;
}

void BM_RockingBlockStep(benchmark::State& st) {
  const ModelFile& mf = model();
  TimeStepper stepper(mf.model, mf.options);
  const State s0 = assembled_initial_state(mf.model, mf.options, stepper.workspace());
  stepper.reset(s0);
  long k = 0;
  for (auto _ : st) {
    if (++k % 1500 == 0) stepper.reset(s0);
    stepper.step(stepper.state().t + 1e-3);
  }
  st.counters["per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}

template <class Sink>
void write_rows(benchmark::State& st) {
  const MemorySink& r = rows();
  Sink sink("/dev/null");
  sink.begin(r.columns);
  std::size_t k = 0;
  for (auto _ : st) {
    sink.write(r.rows[k]);
    if (++k == r.rows.size()) k = 0;
  }
  sink.end();
  st.counters["per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["columns"] = static_cast<double>(r.columns.size());
}

void BM_CsvRow(benchmark::State& st) { write_rows<CsvSink>(st); }
void BM_NpyRow(benchmark::State& st) { write_rows<NpySink>(st); }

void BM_RowWithObserver(benchmark::State& st) {
  const ModelFile& mf = model();
  TimeStepper stepper(mf.model, mf.options);
  const State s0 = assembled_initial_state(mf.model, mf.options, stepper.workspace());
  stepper.reset(s0);
  for (int i = 0; i < 200; ++i) stepper.step(stepper.state().t + 1e-3);  // mid-motion, contacts closed
  const Observer observer(mf.model);
  CsvSink sink("/dev/null");
  sink.begin(observer.columns());
  std::vector<double> row;
  for (auto _ : st) {
    stepper.evaluate_output();
    observer.record(stepper.state(), stepper.workspace(), row, stepper.contact_states());
    sink.write(row);
  }
  sink.end();
  st.counters["per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_RockingBlockStep);
BENCHMARK(BM_CsvRow);
BENCHMARK(BM_NpyRow);
BENCHMARK(BM_RowWithObserver);

}  // namespace
}  // namespace stickslip

BENCHMARK_MAIN();
