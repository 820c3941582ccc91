#include "lib/competition/matching.h"

#include <algorithm>
#include <utility>

#include "lib/competition/matching_blossom.h"

namespace competition {

BlossomSolver::BlossomSolver(int vertices, const std::vector<MatchEdge>& edges) : n_(vertices) {
  end_.reserve(2 * edges.size());
  twice_weight_.reserve(edges.size());
  for (const auto& e : edges) {
    end_.push_back(e.u);
    end_.push_back(e.v);
    twice_weight_.push_back(4 * e.weight);  // the weight doubled, then twice that
  }
  const auto size = static_cast<std::size_t>(2 * n_);
  build_neighbours();
  mate_.assign(at(n_), -1);
  label_.assign(size, 0);
  label_end_.assign(size, -1);
  in_blossom_.resize(at(n_));
  for (int v = 0; v < n_; ++v) in_blossom_[at(v)] = v;
  parent_.assign(size, -1);
  children_.resize(size);
  endpoints_.resize(size);
  base_.assign(size, -1);
  for (int v = 0; v < n_; ++v) base_[at(v)] = v;
  best_edge_.assign(size, -1);
  best_edges_.resize(size);
  for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
  dual_.assign(size, 0);
  allowed_.assign(twice_weight_.size(), false);
  dead_.assign(at(n_), false);
  edge_dead_.assign(twice_weight_.size(), false);
  stale_.assign(at(n_), false);
  best_to_.assign(size, -1);
  start_greedily();
}

// Each list sized first: the graphs are dense, and growing them edge by edge copies them often.
// Edge by edge, each end's list takes the other end: every list in the order of its edges.
void BlossomSolver::build_neighbours() {
  std::vector<char> counts(twice_weight_.size(), false);  // a positive weight, not a loop
  std::vector<int> degree(at(n_), 0);
  for (std::size_t k = 0; k < counts.size(); ++k) {
    counts[k] = twice_weight_[k] > 0 && end_[2 * k] != end_[2 * k + 1];
    if (!counts[k]) continue;
    ++degree[at(end_[2 * k])];
    ++degree[at(end_[2 * k + 1])];
  }
  neighbours_.resize(at(n_));
  for (int v = 0; v < n_; ++v) neighbours_[at(v)].reserve(at(degree[at(v)]));
  for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
    if (!counts[at(k)]) continue;
    neighbours_[at(endpoint(2 * k))].push_back(2 * k + 1);
    neighbours_[at(endpoint(2 * k + 1))].push_back(2 * k);
  }
}

// Runs stages until no free vertex has a positive dual; mate per vertex.
std::vector<int> BlossomSolver::solve() {
  while (run_stage()) {
    for (int b = n_; b < 2 * n_; ++b)
      if (parent_[at(b)] == -1 && base_[at(b)] >= 0 && label_[at(b)] == 1 && dual_[at(b)] == 0)
        expand(b, true);
  }
  std::vector<int> out(at(n_), -1);
  for (int v = 0; v < n_; ++v)
    if (mate_[at(v)] >= 0) out[at(v)] = end_[at(mate_[at(v)])];
  return out;
}

// Depth first, children in their order, on an explicit stack (blossoms nest deep).
void BlossomSolver::leaves(int b, std::vector<int>& out) {
  if (b < n_) {
    out.push_back(b);
    return;
  }
  auto& stack = leaves_stack_;
  stack.assign(1, b);
  while (!stack.empty()) {
    const int top = stack.back();
    stack.pop_back();
    if (top < n_) {
      out.push_back(top);
    } else {
      const auto& kids = children_[at(top)];
      stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
  }
}

const std::vector<int>& BlossomSolver::leaves(int b) {
  leaves_.clear();
  leaves(b, leaves_);
  return leaves_;
}

// Labels the top blossom of w with t (1 = S, 2 = T), reached through endpoint p.
void BlossomSolver::assign_label(int w, int t, int p) {
  const int b = in_blossom_[at(w)];
  label_[at(w)] = label_[at(b)] = t;
  label_end_[at(w)] = label_end_[at(b)] = p;
  best_edge_[at(w)] = best_edge_[at(b)] = -1;
  if (t == 1) {
    leaves(b, queue_);
  } else {
    const int base_mate = mate_[at(base_[at(b)])];
    assign_label(endpoint(base_mate), 1, base_mate ^ 1);
  }
}

// Traces back from v and w towards their roots; the base of the first common blossom, or -1
// when the roots differ (an augmenting path).
int BlossomSolver::scan(int v, int w) {
  std::vector<int>& path = scan_path_;
  path.clear();
  int base = -1;
  while (v != -1 || w != -1) {
    int b = in_blossom_[at(v)];
    if (label_[at(b)] & 4) {
      base = base_[at(b)];
      break;
    }
    path.push_back(b);
    label_[at(b)] = 5;
    if (label_end_[at(b)] == -1) {
      v = -1;
    } else {
      v = endpoint(label_end_[at(b)]);
      b = in_blossom_[at(v)];
      v = endpoint(label_end_[at(b)]);
    }
    if (w != -1) std::swap(v, w);
  }
  for (int b : path) label_[at(b)] = 1;
  return base;
}

void BlossomSolver::add_blossom(int base, int k) {
  const int bb = in_blossom_[at(base)];
  const int b = unused_.back();
  unused_.pop_back();
  base_[at(b)] = base;
  parent_[at(b)] = -1;
  parent_[at(bb)] = b;
  std::vector<int>& path = children_[at(b)];  // empty since b was freed (keeps its capacity)
  std::vector<int>& ends = endpoints_[at(b)];
  path.clear();
  ends.clear();
  trace(in_blossom_[at(endpoint(2 * k))], bb, b, true, path, ends);
  path.push_back(bb);
  std::reverse(path.begin(), path.end());
  std::reverse(ends.begin(), ends.end());
  ends.push_back(2 * k);
  trace(in_blossom_[at(endpoint(2 * k + 1))], bb, b, false, path, ends);
  label_[at(b)] = 1;
  label_end_[at(b)] = label_end_[at(bb)];
  dual_[at(b)] = 0;
  for (int v : leaves(b)) {
    if (label_[at(in_blossom_[at(v)])] == 2) queue_.push_back(v);
    in_blossom_[at(v)] = b;
  }
  collect_best_edges(b);
}

// The least-slack edge from the new blossom b to every other S-blossom (kept in the order of
// those blossoms' numbers).
void BlossomSolver::collect_best_edges(int b) {
  touched_.clear();
  const auto consider = [&](int k, int j) {  // j: the end of k outside b, if it has one
    const int bj = in_blossom_[at(j)];
    if (bj == b || label_[at(bj)] != 1) return;
    if (best_to_[at(bj)] == -1) {
      touched_.push_back(bj);
      best_to_[at(bj)] = k;
    } else if (slack(k) < slack(best_to_[at(bj)])) {
      best_to_[at(bj)] = k;
    }
  };
  for (int child : children_[at(b)]) {
    if (best_edges_[at(child)].empty()) {
      leaves_of_child_.clear();
      leaves(child, leaves_of_child_);
      for (int v : leaves_of_child_)  // v is in b: each edge's other end is the one to check
        for (int p : neighbours_of(v)) consider(p / 2, endpoint(p));
    } else {
      for (int k : best_edges_[at(child)]) {
        const int j = endpoint(2 * k + 1);
        consider(k, in_blossom_[at(j)] == b ? endpoint(2 * k) : j);
      }
    }
    best_edges_[at(child)].clear();
    best_edge_[at(child)] = -1;
  }
  std::sort(touched_.begin(), touched_.end());
  best_edges_[at(b)].clear();
  best_edge_[at(b)] = -1;
  for (int bj : touched_) {
    const int k = best_to_[at(bj)];
    best_to_[at(bj)] = -1;
    best_edges_[at(b)].push_back(k);
    if (best_edge_[at(b)] == -1 || slack(k) < slack(best_edge_[at(b)])) best_edge_[at(b)] = k;
  }
}

// Expands blossom b: its children become top-level (recursively at the end of a stage for
// blossoms whose dual reached zero). A T-blossom's children are relabelled along the path.
void BlossomSolver::expand(int b, bool end_stage) {
  for (int s : children_[at(b)]) {
    parent_[at(s)] = -1;
    if (s < n_) {
      in_blossom_[at(s)] = s;
    } else if (end_stage && dual_[at(s)] == 0) {
      expand(s, end_stage);
    } else {
      for (int v : leaves(s)) in_blossom_[at(v)] = s;
    }
  }
  if (!end_stage && label_[at(b)] == 2) relabel_expanded(b);
  label_[at(b)] = label_end_[at(b)] = -1;
  children_[at(b)].clear();
  endpoints_[at(b)].clear();
  base_[at(b)] = -1;
  best_edges_[at(b)].clear();
  best_edge_[at(b)] = -1;
  unused_.push_back(b);
}

void BlossomSolver::relabel_expanded(int b) {
  const auto& kids = children_[at(b)];
  const auto& ends = endpoints_[at(b)];
  const auto size = kids.size();
  const int entry = in_blossom_[at(endpoint(label_end_[at(b)] ^ 1))];
  auto [j, step, trick] = walk_to_base(
      static_cast<int>(std::find(kids.begin(), kids.end(), entry) - kids.begin()), size);
  int p = label_end_[at(b)];
  while (j != 0) {
    label_[at(endpoint(p ^ 1))] = 0;
    label_[at(endpoint(ends[at(wrap(j - trick, size))] ^ trick ^ 1))] = 0;
    assign_label(endpoint(p ^ 1), 2, p);
    allow(ends[at(wrap(j - trick, size))] / 2);
    j += step;
    p = ends[at(wrap(j - trick, size))] ^ trick;
    allow(p / 2);
    j += step;
  }
  const int bv = kids[at(wrap(j, size))];
  label_[at(endpoint(p ^ 1))] = label_[at(bv)] = 2;
  label_end_[at(endpoint(p ^ 1))] = label_end_[at(bv)] = p;
  best_edge_[at(bv)] = -1;
  j += step;
  while (kids[at(wrap(j, size))] != entry) {
    const int child = kids[at(wrap(j, size))];
    j += step;
    if (label_[at(child)] == 1) continue;
    for (int v : leaves(child)) {
      if (label_[at(v)] == 0) continue;
      label_[at(v)] = 0;
      label_[at(endpoint(mate_[at(base_[at(child)])]))] = 0;
      assign_label(v, 2, label_end_[at(v)]);
      break;
    }
  }
}

// Swaps matched and unmatched edges inside blossom b so that v becomes its base.
void BlossomSolver::augment_blossom(int b, int v) {
  int t = v;
  while (parent_[at(t)] != b) t = parent_[at(t)];
  if (t >= n_) augment_blossom(t, v);
  auto& kids = children_[at(b)];
  auto& ends = endpoints_[at(b)];
  const auto size = kids.size();
  const int i = static_cast<int>(std::find(kids.begin(), kids.end(), t) - kids.begin());
  auto [j, step, trick] = walk_to_base(i, size);
  while (j != 0) {
    j += step;
    t = kids[at(wrap(j, size))];
    const int p = ends[at(wrap(j - trick, size))] ^ trick;
    if (t >= n_) augment_blossom(t, endpoint(p));
    j += step;
    t = kids[at(wrap(j, size))];
    if (t >= n_) augment_blossom(t, endpoint(p ^ 1));
    mate_[at(endpoint(p))] = p ^ 1;
    mate_[at(endpoint(p ^ 1))] = p;
  }
  std::rotate(kids.begin(), kids.begin() + i, kids.end());
  std::rotate(ends.begin(), ends.begin() + i, ends.end());
  base_[at(b)] = base_[at(kids.front())];
}

void BlossomSolver::augment_matching(int k) {
  flip_to_root(endpoint(2 * k), 2 * k + 1);
  flip_to_root(endpoint(2 * k + 1), 2 * k);
}

// Flips the alternating path from S-vertex s up to its tree's root: s takes endpoint p as
// its mate (-1: s is left free), the root ends matched.
void BlossomSolver::flip_to_root(int s, int p) {
  while (true) {
    const int bs = in_blossom_[at(s)];
    if (bs >= n_) augment_blossom(bs, s);
    mate_[at(s)] = p;
    if (label_end_[at(bs)] == -1) break;
    const int t = endpoint(label_end_[at(bs)]);
    const int bt = in_blossom_[at(t)];
    s = endpoint(label_end_[at(bt)]);
    const int j = endpoint(label_end_[at(bt)] ^ 1);
    if (bt >= n_) augment_blossom(bt, j);
    mate_[at(j)] = label_end_[at(bt)];
    p = label_end_[at(bt)] ^ 1;
  }
}

// Grows the alternating trees from the S-vertices in the queue; true once augmented.
bool BlossomSolver::grow() {
  while (!queue_.empty()) {
    const int v = queue_.back();
    queue_.pop_back();
    const MatchWeight v_dual = dual_[at(v)];  // no dual changes while the trees grow
    int bv = in_blossom_[at(v)];              // changes only when a blossom forms
    for (int p : neighbours_of(v)) {
      const int k = p / 2, w = endpoint(p);
      if (bv == in_blossom_[at(w)]) continue;
      MatchWeight k_slack = 0;
      if (!allowed_[at(k)]) {
        k_slack = v_dual + dual_[at(w)] - twice_weight_[at(k)];  // slack(k)
        if (k_slack <= 0) allow(k);
      }
      if (allowed_[at(k)]) {
        const int bw = in_blossom_[at(w)];
        if (label_[at(bw)] == 0 && mate_[at(base_[at(bw)])] == -1) {
          label_end_[at(bw)] = -1;  // a free vertex whose dual reached 0: augment to it
          augment_matching(k);
          return true;
        }
        if (label_[at(bw)] == 0) {
          assign_label(w, 2, p ^ 1);
        } else if (label_[at(in_blossom_[at(w)])] == 1) {
          const int base = scan(v, w);
          if (base < 0) {
            augment_matching(k);
            return true;
          }
          add_blossom(base, k);
          bv = in_blossom_[at(v)];
        } else if (label_[at(w)] == 0) {
          label_[at(w)] = 2;
          label_end_[at(w)] = p ^ 1;
        }
      } else if (label_[at(in_blossom_[at(w)])] == 1) {
        keep_if_least(best_edge_[at(bv)], k, k_slack);
      } else if (label_[at(w)] == 0) {
        keep_if_least(best_edge_[at(w)], k, k_slack);
      }
    }
  }
  return false;
}

// Type 1: the least dual of an S-vertex (a free one among equals); in a solve from scratch
// those are the roots, all of one dual, and their reaching 0 ends the solve.
BlossomSolver::Delta BlossomSolver::choose_delta() const {
  Delta d{1, 0, -1, -1};
  for (int v = 0; v < n_; ++v) {
    if (label_[at(in_blossom_[at(v)])] != 1) continue;
    if (d.blossom == -1 || dual_[at(v)] < d.value ||
        (dual_[at(v)] == d.value && mate_[at(v)] == -1 && mate_[at(d.blossom)] != -1))
      d = {1, dual_[at(v)], -1, v};
  }
  for (int v = 0; v < n_; ++v) {
    const int k = best_edge_[at(v)];
    if (label_[at(in_blossom_[at(v)])] == 0 && k != -1 && slack(k) < d.value)
      d = {2, slack(k), k, -1};
  }
  for (int b = 0; b < 2 * n_; ++b) {
    const int k = best_edge_[at(b)];
    if (parent_[at(b)] == -1 && label_[at(b)] == 1 && k != -1 && slack(k) / 2 < d.value)
      d = {3, slack(k) / 2, k, -1};
  }
  for (int b = n_; b < 2 * n_; ++b)
    if (base_[at(b)] >= 0 && parent_[at(b)] == -1 && label_[at(b)] == 2 && dual_[at(b)] < d.value)
      d = {4, dual_[at(b)], -1, b};
  return d;
}

void BlossomSolver::apply_delta(MatchWeight delta) {
  for (int v = 0; v < n_; ++v) {
    const int l = label_[at(in_blossom_[at(v)])];
    if (l == 1) dual_[at(v)] -= delta;
    if (l == 2) dual_[at(v)] += delta;
  }
  for (int b = n_; b < 2 * n_; ++b) {
    if (base_[at(b)] < 0 || parent_[at(b)] != -1) continue;
    if (label_[at(b)] == 1) dual_[at(b)] += delta;
    if (label_[at(b)] == 2) dual_[at(b)] -= delta;
  }
}

// One stage: labels S the free vertices whose duals are positive (false when there is none:
// the matching is optimal) and grows until an augmentation or until an S-vertex's dual
// reaches 0 (true).
bool BlossomSolver::run_stage() {
  std::fill(label_.begin(), label_.end(), 0);
  std::fill(best_edge_.begin(), best_edge_.end(), -1);
  for (int b = n_; b < 2 * n_; ++b) best_edges_[at(b)].clear();
  for (int k : allowed_list_) allowed_[at(k)] = false;
  allowed_list_.clear();
  queue_.clear();
  for (int v = 0; v < n_; ++v)
    if (mate_[at(v)] == -1 && dual_[at(v)] > 0 && label_[at(in_blossom_[at(v)])] == 0)
      assign_label(v, 1, -1);
  if (queue_.empty()) return false;
  while (true) {
    if (grow()) return true;
    const Delta d = choose_delta();
    apply_delta(d.value);
    if (d.type == 1) {  // a root leaves the trees free; an inner S-vertex frees itself
      if (mate_[at(d.blossom)] != -1) flip_to_root(d.blossom, -1);
      return true;
    }
    if (d.type == 2) {
      allow(d.edge);
      int i = endpoint(2 * d.edge);
      if (label_[at(in_blossom_[at(i)])] == 0) i = endpoint(2 * d.edge + 1);
      queue_.push_back(i);
    } else if (d.type == 3) {
      allow(d.edge);
      queue_.push_back(endpoint(2 * d.edge));
    } else {
      expand(d.blossom, false);
    }
  }
}

std::vector<int> max_weight_matching(int vertices, const std::vector<MatchEdge>& edges) {
  if (vertices <= 0) return {};
  return BlossomSolver(vertices, edges).solve();
}

IncrementalMatching::IncrementalMatching(int vertices, const std::vector<MatchEdge>& edges)
    : solver_(std::make_unique<BlossomSolver>(std::max(vertices, 0), edges)) {}

IncrementalMatching::~IncrementalMatching() = default;

void IncrementalMatching::remove(int v) { leaving_.push_back(v); }

void IncrementalMatching::cut(int edge) { cut_.push_back(edge); }

void IncrementalMatching::reweigh(int edge, MatchWeight weight) {
  solver_->reweigh(edge, weight);
  changed_.push_back(edge);
}

int IncrementalMatching::matched_edge(int v) const { return solver_->matched_edge(v); }

const std::vector<int>& IncrementalMatching::solve() {
  if (solved_) solver_->restart(leaving_, cut_, changed_);
  leaving_.clear();
  cut_.clear();
  changed_.clear();
  solved_ = true;
  mate_ = solver_->solve();
  return mate_;
}

}  // namespace competition
