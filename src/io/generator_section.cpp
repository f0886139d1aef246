// Reader of the `generators` section: model elements generated from a few parameters. One
// generator exists, `block_wall`: rows of rectangular blocks (a stack when columns = 1, a wall of
// masonry units otherwise: stack bond, or running bond whose odd rows are shifted by half a block
// and closed by half blocks) standing on a base body, with corner contacts between every pair of
// blocks that touch and against the base (docs/model-format.md).
#include <cmath>
#include <vector>

#include "formulations/memory_estimate.hpp"
#include "io/law_reader.hpp"
#include "io/model_sections.hpp"
#include "math/memory_budget.hpp"

namespace stickslip {
namespace {

struct WallSpec {
  std::string name;
  int rows = 1, columns = 1;
  double width = 0, height = 0, mass = 0, inertia = 0;
  Vec2 origin = Vec2::Zero();
  int base = Model::kGround;
  Contact base_line;  // line_point, line_direction, extent of the base's supporting line
  bool running = false;
  double spacing = 0;
  bool side_contacts = true;
  std::shared_ptr<const laws::NormalLaw> normal;
  std::shared_ptr<const laws::ImpactLaw> impact;
  std::shared_ptr<const laws::FrictionLaw> friction, base_friction;
};

enum Corner { kBottomLeft, kBottomRight, kTopLeft, kTopRight };
const char* const kCornerNames[] = {"bl", "br", "tl", "tr"};

// One generated block: its row, its place in the row, the x of its centre relative to the wall's
// origin and its half-width (half blocks close the odd rows of a running bond).
struct Block {
  int row = 0, index = 0, body = -1;
  double x = 0, half_width = 0;
};

class WallBuilder {
 public:
  WallBuilder(const WallSpec& spec, const YamlField& where, SectionContext& ctx) : w_(spec), where_(where), ctx_(ctx) {
    // Contacts between blocks switch from one corner-on-edge pair to the other where two corners
    // meet; the pair that owns the meeting point reaches this far beyond the edge, the other stops
    // this far short of it, so an aligned corner is one contact (not two, which would make the
    // problem degenerate) and rounding of the gaps cannot drop it.
    margin_ = 1e-6 * std::min(w_.width, w_.height);
  }
  void build();
  // The contacts build() would add, counted without building anything (the memory check), the
  // blocks it lays out and the pairs of impulse rows that share a block (the time-stepping scheme's
  // W: Σ over blocks of (2 × its contacts)²).
  long count_contacts();
  long blocks() const { return static_cast<long>(incidence_.size()); }
  double row_pairs() const {
    double pairs = 0;
    for (long n : incidence_) pairs += 4.0 * static_cast<double>(n) * static_cast<double>(n);
    return pairs;
  }

 private:
  void layout();
  void add_contacts();
  Vec2 corner(const Block& b, Corner k) const {
    return {(k == kBottomLeft || k == kTopLeft ? -1 : 1) * b.half_width, (k <= kBottomRight ? -0.5 : 0.5) * w_.height};
  }
  std::string block_name(const Block& b) const {
    return w_.name + "_" + std::to_string(b.row) + "_" + std::to_string(b.index);
  }
  std::string suffix(const Block& b) const { return std::to_string(b.row) + "_" + std::to_string(b.index); }
  void add_blocks();
  // `name()` makes the contact's name (not called when only counting).
  template <class Name>
  void add_contact(const Name& name, int line_body, const Vec2& point, const Vec2& direction, double extent_min,
                   double extent_max, const Block& point_block, Corner k, bool on_base);
  void add_base_contacts();
  void add_pair_contacts(const Block& upper, const Block& lower);
  void add_side_contacts(const Block& left, const Block& right);

  const WallSpec& w_;
  const YamlField& where_;
  SectionContext& ctx_;
  double margin_ = 0;
  std::vector<std::vector<Block>> rows_;
  bool count_only_ = false;
  long counted_ = 0;
  std::vector<long> incidence_;  // counting: contacts per block
  // Counting gives the blocks these stand-in body indices (no model has as many bodies).
  static constexpr int kCountedBody = 1 << 30;
};

// Stack bond: every row holds `columns` blocks at a pitch of width + spacing. Running bond: odd
// rows are shifted by half a pitch and hold columns − 1 full blocks and a half block at each end
// (width (width − spacing)/2, so that every row spans the same length).
void WallBuilder::layout() {
  const double pitch = w_.width + w_.spacing, hw = 0.5 * w_.width;
  rows_.assign(static_cast<std::size_t>(w_.rows), {});
  for (int r = 0; r < w_.rows; ++r) {
    std::vector<Block>& row = rows_[static_cast<std::size_t>(r)];
    const auto add = [&](double x, double half_width) {
      row.push_back({r, static_cast<int>(row.size()), -1, x, half_width});
    };
    if (!w_.running || r % 2 == 0) {
      for (int c = 0; c < w_.columns; ++c) add(c * pitch, hw);
      continue;
    }
    const double half = 0.25 * (w_.width - w_.spacing);  // half-width of a half block
    add(-hw + half, half);
    for (int c = 0; c + 1 < w_.columns; ++c) add((c + 0.5) * pitch, hw);
    add((w_.columns - 1) * pitch + hw - half, half);
  }
}

void WallBuilder::add_blocks() {
  for (auto& row : rows_) {
    for (Block& blk : row) {
      Body b;
      b.name = ctx_.names.add_generated(block_name(blk), where_);
      const double share = blk.half_width / (0.5 * w_.width);  // 1, or 1/2 for a half block
      b.mass = w_.mass * share;
      // A half block: the full block's inertia scaled as m (w² + h²) / 12.
      b.inertia = w_.inertia * share * (4 * blk.half_width * blk.half_width + w_.height * w_.height) /
                  (w_.width * w_.width + w_.height * w_.height);
      b.position = w_.origin + Vec2(blk.x, (blk.row + 0.5) * w_.height);
      blk.body = ctx_.builder.add_body(b);
      ctx_.bodies[b.name] = blk.body;
      ctx_.body_data.emplace(b.name, b);
    }
  }
}

// A corner of `point_block` against a line of `line_body` (body frames) with its extent along the line.
template <class Name>
void WallBuilder::add_contact(const Name& name, int line_body, const Vec2& point, const Vec2& direction,
                              double extent_min, double extent_max, const Block& point_block, Corner k, bool on_base) {
  if (count_only_) {
    ++counted_;
    ++incidence_[static_cast<std::size_t>(point_block.body - kCountedBody)];
    if (line_body >= kCountedBody) ++incidence_[static_cast<std::size_t>(line_body - kCountedBody)];
    return;
  }
  Contact c;
  c.name = ctx_.names.add_generated(name(), where_);
  c.body_i = line_body;
  c.body_j = point_block.body;
  c.line_point = point;
  c.line_direction = direction;
  c.extent_min = extent_min;
  c.extent_max = extent_max;
  c.center_j = corner(point_block, k);
  c.normal = w_.normal;
  c.impact = w_.impact;
  c.friction = on_base && w_.base_friction ? w_.base_friction : w_.friction;
  ctx_.builder.add_contact(c);
}

void WallBuilder::add_base_contacts() {
  const Contact& line = w_.base_line;
  for (const Block& b : rows_.front()) {
    for (Corner k : {kBottomLeft, kBottomRight}) {
      add_contact([&] { return block_name(b) + "_" + kCornerNames[k] + "_base"; }, w_.base, line.line_point, line.line_direction,
                  line.extent_min, line.extent_max, b, k, true);
    }
  }
}

// Overlapping blocks of consecutive rows: the upper block's bottom corners above the lower block's
// top edge, and the lower block's top corners strictly under the upper block's bottom edge.
void WallBuilder::add_pair_contacts(const Block& upper, const Block& lower) {
  const double hh = 0.5 * w_.height, dx = upper.x - lower.x;
  if (std::abs(dx) >= upper.half_width + lower.half_width) return;
  for (Corner k : {kBottomLeft, kBottomRight}) {
    if (std::abs(dx + corner(upper, k).x()) > lower.half_width + margin_) continue;
    add_contact([&] { return block_name(upper) + "_" + kCornerNames[k] + "_on_" + suffix(lower); }, lower.body, {0, hh}, {1, 0},
                -lower.half_width - margin_, lower.half_width + margin_, upper, k, false);
  }
  for (Corner k : {kTopLeft, kTopRight}) {
    if (std::abs(corner(lower, k).x() - dx) >= upper.half_width - margin_) continue;
    add_contact([&] { return block_name(lower) + "_" + kCornerNames[k] + "_on_" + suffix(upper); }, upper.body, {0, -hh}, {-1, 0},
                -upper.half_width + margin_, upper.half_width - margin_, lower, k, false);
  }
}

// Neighbours in a row: the left block's right corners on the right block's left edge, and the right
// block's left corners on the left block's right edge.
void WallBuilder::add_side_contacts(const Block& left, const Block& right) {
  const double hh = 0.5 * w_.height;
  for (Corner k : {kBottomRight, kTopRight}) {
    add_contact([&] { return block_name(left) + "_" + kCornerNames[k] + "_on_" + suffix(right); }, right.body, {-right.half_width, 0},
                {0, 1}, -hh - margin_, hh + margin_, left, k, false);
  }
  for (Corner k : {kBottomLeft, kTopLeft}) {
    add_contact([&] { return block_name(right) + "_" + kCornerNames[k] + "_on_" + suffix(left); }, left.body, {left.half_width, 0},
                {0, -1}, -hh + margin_, hh - margin_, right, k, false);
  }
}

void WallBuilder::build() {
  layout();
  add_blocks();
  add_contacts();
}

long WallBuilder::count_contacts() {
  count_only_ = true;
  counted_ = 0;
  layout();
  int id = 0;
  for (auto& row : rows_)
    for (Block& b : row) b.body = kCountedBody + id++;
  incidence_.assign(static_cast<std::size_t>(id), 0);
  add_contacts();
  count_only_ = false;
  return counted_;
}

// Contacts from the bottom up (Gauss-Seidel then meets the base first).
void WallBuilder::add_contacts() {
  add_base_contacts();
  // Blocks lie in a row from left to right, so the lower blocks an upper one can overlap follow on
  // from those of the upper block before it: a sweep, not every pair (a wall of 1000 columns had a
  // million pairs per row). add_pair_contacts decides on each candidate as before; the window is a
  // little wider than the blocks so that rounding cannot drop one.
  const double slack = 1e-9 * w_.width;
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    if (r > 0) {
      const std::vector<Block>& lower = rows_[r - 1];
      std::size_t first = 0;
      for (const Block& upper : rows_[r]) {
        const double left = upper.x - upper.half_width - slack, right = upper.x + upper.half_width + slack;
        while (first < lower.size() && lower[first].x + lower[first].half_width < left) ++first;
        for (std::size_t k = first; k < lower.size() && lower[k].x - lower[k].half_width <= right; ++k)
          add_pair_contacts(upper, lower[k]);
      }
    }
    if (w_.side_contacts)
      for (std::size_t c = 0; c + 1 < rows_[r].size(); ++c) add_side_contacts(rows_[r][c], rows_[r][c + 1]);
  }
}

WallSpec read_wall(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"type", "name", "rows", "columns", "block", "origin", "base", "base_line", "bond", "spacing",
                 "impact", "normal", "friction", "base_friction", "side_contacts"});
  WallSpec w;
  w.name = f.at("name").as_string();
  const auto count = [&](const char* key) {
    const auto v = f.get(key);
    const int n = v ? v->as_int() : 1;
    if (n < 1) v->fail("must be >= 1");
    return n;
  };
  w.rows = count("rows");
  w.columns = count("columns");
  if (static_cast<long>(w.rows) * w.columns > 1000000) f.fail("rows × columns: a wall has at most 1e6 blocks");
  const YamlField block = f.at("block");
  block.expect_keys({"width", "height", "mass", "inertia"});
  w.width = block.at("width").as_positive();
  w.height = block.at("height").as_positive();
  w.mass = block.at("mass").as_positive();
  w.inertia = block.has("inertia") ? block.at("inertia").as_positive()
                                   : w.mass * (w.width * w.width + w.height * w.height) / 12;
  if (const auto o = f.get("origin")) w.origin = o->as_vec2();
  if (const auto b = f.get("base")) w.base = ctx.body(*b);
  if (const auto l = f.get("base_line")) read_contact_line(*l, w.base_line);
  if (const auto b = f.get("bond")) {
    w.running = b->as_choice({"stack", "running"}) == "running";
    if (w.running && w.columns < 2) b->fail("a running bond needs at least 2 columns");
  }
  if (const auto s = f.get("spacing")) {
    w.spacing = s->as_non_negative();
    if (!(w.spacing < w.width)) s->fail("the spacing must be smaller than the block width");
  }
  if (const auto s = f.get("side_contacts")) w.side_contacts = s->as_bool();
  if (f.has("normal") == f.has("impact")) f.fail("a block wall needs either a 'normal' force law or an 'impact' law");
  if (const auto n = f.get("normal")) w.normal = read_normal_law(*n);
  if (const auto i = f.get("impact")) w.impact = read_impact_law(*i);
  if (const auto fr = f.get("friction")) w.friction = read_friction_law(*fr);
  if (const auto fr = f.get("base_friction")) w.base_friction = read_friction_law(*fr);
  return w;
}

}  // namespace

namespace {

// The model's own memory for a wall, estimated before it is built (math/memory_budget.hpp): about
// 1.3 kB per block and 1.8 kB per contact (the element, its name in the name table, the copies the
// model's checks make), fitted to the resident memory of running-bond walls of 10 050 blocks with and
// without side contacts (79 600 and 39 800 contacts: 158 MB and 89 MB) and checked on one of 40 100
// blocks (319 200 contacts: 597 MB measured, 609 MB estimated). The schemes' problems come on top
// (the time-stepping scheme's is checked when the model is built).
// Under a rigid scheme (the file's), its problem is added (formulations/memory_estimate.hpp).
void check_wall_memory(const YamlField& f, const WallBuilder& wall, long contacts, Scheme scheme) {
  const double blocks = static_cast<double>(wall.blocks()), n = static_cast<double>(contacts);
  const double model = 1.3e3 * blocks + 1.8e3 * n;
  double problem = 0;
  if (scheme == Scheme::time_stepping) problem = impulse_problem_bytes(2 * n, wall.row_pairs());
  if (scheme == Scheme::event_driven) problem = event_driven_bytes(3 * blocks, 0, n, 1);
  const std::string what = "a block wall of " + std::to_string(wall.blocks()) + " blocks and " + std::to_string(contacts) +
                           " contacts (" + (scheme == Scheme::compliant ? "the model alone" : std::string("the model and its ") +
                           scheme_name(scheme) + " problem") + ")";
  if (const std::string refused = memory_budget_problem(model + problem, what); !refused.empty()) f.fail(refused);
}

}  // namespace

void read_generators(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a generator {type, name, ...}");
    f.at("type").as_choice({"block_wall"});
    const WallSpec spec = read_wall(f, ctx);
    const YamlField name = f.at("name");  // the builder keeps a reference to it
    WallBuilder builder(spec, name, ctx);
    const long contacts = builder.count_contacts();
    check_wall_memory(f, builder, contacts, ctx.scheme);
    builder.build();
  }
}

}  // namespace stickslip
