#include "lib/competition/swiss_walk.h"

#include <algorithm>
#include <optional>

namespace competition::swiss_detail {

bool is_mdp(const Context& c, const Bracket& b, int p) { return c.player(p).score > b.score; }

DutchWalk::DutchWalk(const Context& c, const Bracket& b,
                     const std::vector<std::vector<bool>>& adjacent)
    : b_(b),
      adjacent_(adjacent),
      fixed_(b.players.size(), false),
      floating_(b.players.size(), false),
      s1_(b.players.size(), false) {
  for (int p : b.players) mdp_.push_back(is_mdp(c, b, p));
}

std::vector<int> DutchWalk::upcoming(int v, int count) const {
  std::vector<int> out{v};
  for (int w = v + 1; w < size() && static_cast<int>(out.size()) < count; ++w)
    if (free(w) && chooses(w) && mdp(w) == mdp(v)) out.push_back(w);
  return out;
}

std::vector<int> DutchWalk::candidates(int v) const {
  std::vector<int> out;
  if (!chooses(v)) return out;
  auto take = [&](int w) {
    if (w != v && free(w) && adjacent_[at(v)][at(w)]) out.push_back(w);
  };
  if (mdp(v)) {
    for (int w = 0; w < size(); ++w)
      if (!mdp(w)) take(w);
    for (int w = v + 1; w < size(); ++w)
      if (mdp(w)) take(w);
    return out;
  }
  for (int w = v + 1; w < size(); ++w)
    if (!s1_[at(w)]) take(w);
  return out;
}

DutchWalk::Walked DutchWalk::run(const Choose& choose, const Split& split) {
  Walked out;
  bool split_done = false;
  for (int v = 0; v < size(); ++v) {
    if (fixed_[at(v)]) continue;
    if (!split_done && !mdp(v)) {
      std::vector<int> remainder;
      for (int w = v; w < size(); ++w)
        if (free(w)) remainder.push_back(w);
      for (int w : split(remainder)) s1_[at(w)] = true;
      split_done = true;
    }
    fixed_[at(v)] = true;
    const int partner = choose(v);
    if (partner >= 0 && partner < size()) {
      fixed_[at(partner)] = true;
      out.first.emplace_back(v, partner);
    } else {
      out.second.push_back(v);
    }
  }
  return out;
}

BracketResult to_players(const Bracket& b, const DutchWalk::Walked& walk) {
  BracketResult out;
  for (auto [v, w] : walk.first) out.pairs.emplace_back(b.players[at(v)], b.players[at(w)]);
  for (int v : walk.second) out.unpaired.push_back(b.players[at(v)]);
  return out;
}

namespace {

// The Dutch order bonus: window[j]'s edge to w carries rank[j][w] in band kOrder + j.
struct OrderBonus {
  std::vector<int> window;
  std::vector<std::vector<long long>> rank;
};

// How many order bands fit in the weights (set_weights drops the lowest bands first).
int window_size(const Graph& g) {
  int size = 0;
  while (size < kWindow && g.multiplier[at(kOrder + size)] != 0) ++size;
  return size;
}

// The walk's matching over graph g: solved once with the walk's bands at 0, then again from the
// last optimum each time the walk changes a band or an edge, as players leave the graph. Its
// edges are g's, in g's order, then those of the seats rebuild() adds.
class WalkMatching {
 public:
  explicit WalkMatching(const Graph& g)
      : g_(g),
        incident_(g.player.size()),
        removed_(g.player.size(), false),
        cut_(g.edges.size(), false),
        walk_bands_(g.edges.size(), WalkBands{}),
        matching_(std::in_place, static_cast<int>(g.player.size()), match_edges(g)),
        mate_(matching_->solve()) {
    std::vector<std::size_t> degree(g.player.size(), 0);  // each list sized first
    for (const auto& e : g.edges) {
      ++degree[at(e.u)];
      ++degree[at(e.v)];
    }
    for (std::size_t v = 0; v < degree.size(); ++v) incident_[v].reserve(degree[v]);
    ends_.reserve(g.edges.size());
    for (const auto& e : g.edges) add_edge(e.u, e.v);
  }

  const std::vector<int>& mate() const { return mate_; }
  void solve() { mate_ = matching_->solve(); }

  // Solves again with `bonus` in place of the last order bands.
  void solve(OrderBonus bonus) {
    std::vector<int> touched = last_.window;
    touched.insert(touched.end(), bonus.window.begin(), bonus.window.end());
    last_ = std::move(bonus);
    for (int w : touched)
      for (std::size_t k : incident_[at(w)])
        if (live(k)) matching_->reweigh(static_cast<int>(k), weight(k));
    solve();
  }

  // Band changes until rebuild() only note the new values.
  void start_batch() { batch_ = true; }

  // Solves from scratch on the graph as it stands (after changes to many edges at once this
  // costs far less than resuming), with `seats` more vertices, each joined to every vertex of
  // `seated` by an edge weighing seat_bands(v) on the walk's bands and nothing else (no offsets:
  // an edge of weight 0 is left out): a player who floats takes a seat, so what floating it is
  // worth on the walk's bands counts (an unmatched vertex has no edge to carry it). Seats change
  // nothing above the walk's bands, and how many are taken changes no offset.
  template <typename SeatBands>
  void rebuild(int seats, const std::vector<int>& seated, const SeatBands& seat_bands) {
    const int first_seat = static_cast<int>(incident_.size());
    incident_.resize(incident_.size() + at(seats));
    removed_.resize(incident_.size(), false);
    for (int seat = first_seat; seat < first_seat + seats; ++seat)
      for (int v : seated) {
        add_edge(v, seat);
        walk_bands_.push_back(seat_bands(v));
        cut_.push_back(false);
      }
    std::vector<MatchEdge> edges;
    for (std::size_t k = 0; k < ends_.size(); ++k)
      edges.push_back({ends_[k].first, ends_[k].second, live(k) ? weight(k) : 0});
    matching_.emplace(static_cast<int>(incident_.size()), edges);
    batch_ = false;
    solve();
  }

  // Sets the walk's band `band` on each of v's edges to value_of(the other end), when that has
  // a value.
  template <typename ValueOf>
  void set_band_each(int v, Band band, const ValueOf& value_of) {
    for (std::size_t k : incident_[at(v)]) {
      if (!live(k)) continue;
      const std::optional<long long> value = value_of(other(k, v));
      if (!value) continue;
      walk_bands_[k][at(band - kFirstWalkBand)] = *value;
      if (!batch_) matching_->reweigh(static_cast<int>(k), weight(k));
    }
  }

  // Sets the walk's band `band` to `value` on v's edges to the vertices `to` accepts.
  template <typename To>
  void set_band(int v, Band band, long long value, const To& to) {
    set_band_each(v, band, [&](int w) { return to(w) ? std::optional(value) : std::nullopt; });
  }

  // The total weight of the current matching's pairs whose edges are still in the graph (one
  // edge per pair: the graph has no parallel edges).
  MatchWeight total() const {
    MatchWeight sum = 0;
    for (std::size_t v = 0; v < mate_.size(); ++v) {
      if (static_cast<int>(v) > mate_[v]) continue;
      const std::size_t k = at(matching_->matched_edge(static_cast<int>(v)));
      if (live(k)) sum += weight(k);
    }
    return sum;
  }

  // Takes the edges `cut` back into the graph (for rebuild(): the matching itself keeps its cuts).
  void restore(const std::vector<std::size_t>& cut) {
    for (std::size_t k : cut) cut_[k] = false;
  }

  // v's edges to the vertices `to` accepts leave the graph; returns them.
  template <typename To>
  std::vector<std::size_t> cut(int v, const To& to) {
    std::vector<std::size_t> out;
    for (std::size_t k : incident_[at(v)])
      if (to(other(k, v)) && live(k)) {  // (to() is the cheaper test)
        cut_[k] = true;
        matching_->cut(static_cast<int>(k));
        out.push_back(k);
      }
    return out;
  }

  // Bracket player v takes its partner in the current matching: both leave the graph, unless
  // the partner is outside the bracket (a lower player or a seat). Then v floats: completion
  // may still pair it with any lower player, so only its edges into the bracket go.
  void take(int v) {
    const int partner = mate_[at(v)];
    removed_[at(v)] = true;
    if (partner >= g_.bracket_size) {
      cut(v, [&](int w) { return w < g_.bracket_size; });
      return;
    }
    matching_->remove(v);
    if (partner >= 0) {
      removed_[at(partner)] = true;
      matching_->remove(partner);
    }
  }

 private:
  void add_edge(int u, int v) {
    incident_[at(u)].push_back(ends_.size());
    incident_[at(v)].push_back(ends_.size());
    ends_.emplace_back(u, v);
  }
  int other(std::size_t k, int v) const {
    return ends_[k].first == v ? ends_[k].second : ends_[k].first;
  }
  bool live(std::size_t k) const {
    return !cut_[k] && !removed_[at(ends_[k].first)] && !removed_[at(ends_[k].second)];
  }

  MatchWeight weight(std::size_t k) const {
    const bool seat = k >= g_.edges.size();
    MatchWeight w = seat ? 0 : g_.base[k];  // a seat: its walk bands' values only
    for (std::size_t i = 0; i < kWalkBands; ++i)
      w += g_.multiplier[kFirstWalkBand + i] * static_cast<MatchWeight>(walk_bands_[k][i]);
    for (std::size_t j = 0; j < last_.window.size() && !seat; ++j) {
      const auto [u, v] = ends_[k];
      if (u == last_.window[j]) w += g_.multiplier[kOrder + j] * last_.rank[j][at(v)];
      if (v == last_.window[j]) w += g_.multiplier[kOrder + j] * last_.rank[j][at(u)];
    }
    return w;
  }

  const Graph& g_;
  std::vector<std::pair<int, int>> ends_;           // per edge
  std::vector<std::vector<std::size_t>> incident_;  // edge indices per vertex
  std::vector<char> removed_;  // walked players and their partners (char, not bool: read per edge)
  std::vector<char> cut_;      // per edge
  std::vector<WalkBands> walk_bands_;            // per edge
  std::optional<IncrementalMatching> matching_;  // made anew by rebuild()
  std::vector<int> mate_;
  bool batch_ = false;
  OrderBonus last_;  // the order bands of the last solve
};

// Which moved-down players are paired (the 2017 text's D.3: the higher scores, then the lower
// BSNs): each in turn is paired when some best pairing pairs it together with those already
// bound to be; the others float. Bound players carry 2 in kProbe, a probed one 1, so a probe
// never unpairs a bound player.
void choose_moved_down(const Context& c, const Bracket& b, WalkMatching& m, DutchWalk& walk) {
  const int size = static_cast<int>(b.players.size());
  const auto in_bracket = [&](int w) { return w >= 0 && w < size; };
  std::vector<int> bound;
  bool probing = false;
  for (int v = 0; v < size && is_mdp(c, b, b.players[at(v)]); ++v) {
    if (!in_bracket(m.mate()[at(v)])) {
      if (!probing)
        for (int u : bound) m.set_band(u, kProbe, 2, in_bracket);
      probing = true;
      m.set_band(v, kProbe, 1, in_bracket);
      m.solve();
    }
    if (!in_bracket(m.mate()[at(v)])) {
      m.cut(v, in_bracket);
      walk.set_floating(v);
      continue;
    }
    bound.push_back(v);
    if (probing) m.set_band(v, kProbe, 2, in_bracket);
  }
}

// The remainder's S1 after its exchanges (the 2017 text's D.2: the fewest players exchanged,
// then the smallest difference of the BSN sums moved, then the highest BSN moved from S1, then
// the lowest moved from S2; a BSN here is a place in the remainder). The matching's remainder
// pairs fix how many players S1 holds. A pair is headed by its higher player, and an exchange
// is read from who heads: S1 players who do not (the higher one's partner in a pair within S1,
// and S1 players who float) move to S2, and S2 players who do move to S1. So the number
// exchanged is the number of pairs within S2, and the difference of the sums is the BSNs of the
// heads of the pairs within S2, less those of their partners in the pairs within S1, less those
// of S1's floaters: bands on those edges (and on a seat or a lower player for a floater) only.
class Exchange {
 public:
  Exchange(WalkMatching& m, const std::vector<int>& remainder, int bracket_size, bool seats)
      : m_(m),
        remainder_(remainder),
        position_(at(bracket_size), -1),
        bracket_size_(bracket_size),
        seats_(seats) {
    for (std::size_t i = 0; i < remainder.size(); ++i)
      position_[at(remainder[i])] = static_cast<int>(i);
  }

  // S1 after the exchange; the remainder's edges left in the graph hold it.
  std::vector<int> s1() {
    for (int v : remainder_) pairs_ += heads(v) ? 1 : 0;
    if (exchanged() == 0) {
      cut_within_sides();
    } else if (!needs_none()) {  // (when it needs none, needs_none() has cut them)
      weigh_exchanges();
      choose_from_s1();
      choose_from_s2();
      std::vector<int> out;
      for (int v : remainder_)
        if (heads(v)) out.push_back(v);
      return out;  // the bands and the cuts of the choices hold the exchange
    }
    return {remainder_.begin(), remainder_.begin() + static_cast<std::ptrdiff_t>(pairs_)};
  }

 private:
  int pos(int w) const { return w >= 0 && at(w) < position_.size() ? position_[at(w)] : -1; }
  bool in_s1(int w) const { return pos(w) >= 0 && pos(w) < pairs_; }
  bool below(int v, int w) const { return pos(w) > pos(v); }
  bool heads(int v) const { return below(v, m_.mate()[at(v)]); }
  int exchanged() const {
    int k = 0;
    for (std::size_t i = at(pairs_); i < remainder_.size(); ++i) k += heads(remainder_[i]) ? 1 : 0;
    return k;
  }

  // The pairs within S1 and within S2 leave the graph (no exchange); returns them.
  std::vector<std::size_t> cut_within_sides() {
    std::vector<std::size_t> cut;
    for (int v : remainder_) {
      const auto taken = m_.cut(v, [&](int w) { return below(v, w) && in_s1(w) == in_s1(v); });
      cut.insert(cut.end(), taken.begin(), taken.end());
    }
    return cut;
  }

  // Whether some best pairing needs no exchange (the matching's is one best pairing of many):
  // without the pairs within S1 and within S2 the matching keeps its weight. Then those pairs
  // stay out; otherwise they come back for weigh_exchanges.
  bool needs_none() {
    const MatchWeight best = m_.total();
    const auto cut = cut_within_sides();
    m_.solve();
    if (m_.total() == best) return true;
    m_.restore(cut);
    return false;
  }

  void weigh_exchanges() {
    m_.start_batch();
    for (int v : remainder_) {
      const bool s1 = in_s1(v);
      const auto same_side = [&](int w) { return below(v, w) && in_s1(w) == s1; };
      if (s1) {
        m_.set_band_each(v, kExchangeSum, [&](int w) -> std::optional<long long> {
          if (same_side(w)) return pos(w);
          if (w >= bracket_size_) return pos(v);  // v floats to a lower player
          return std::nullopt;
        });
      } else {
        m_.set_band(v, kExchanges, -1, same_side);
        m_.set_band(v, kExchangeSum, -pos(v), same_side);
      }
    }
    const int floaters = static_cast<int>(remainder_.size()) - 2 * pairs_;
    m_.rebuild(seats_ ? floaters : 0, remainder_, [&](int v) {
      WalkBands bands{};
      bands[at(kExchangeSum - kFirstWalkBand)] = in_s1(v) ? pos(v) : 0;
      return bands;
    });
  }

  // From the bottom of S1: each player leaves S1 when some best exchange moves it, with those
  // already bound to move.
  void choose_from_s1() {
    int left = exchanged();
    for (int i = pairs_ - 1; i >= 0 && left > 0; --i) {
      const int x = remainder_[at(i)];
      const auto lower = [&](int w) { return below(x, w); };
      const bool probe = heads(x);
      if (probe) {
        m_.set_band(x, kProbe, -1, lower);
        m_.solve();
      }
      if (!heads(x)) {
        --left;
        m_.cut(x, lower);
      } else if (probe) {
        m_.set_band(x, kProbe, 0, lower);
      }
    }
  }

  // From the top of S2: each player enters S1 when some best exchange moves it (the last one is
  // then fixed by the others).
  void choose_from_s2() {
    int left = exchanged();
    for (std::size_t i = at(pairs_); i < remainder_.size() && left > 1; ++i) {
      const int y = remainder_[i];
      const auto lower = [&](int w) { return below(y, w); };
      const bool probe = !heads(y);
      if (probe) {
        m_.set_band(y, kProbe, 1, lower);
        m_.solve();
      }
      if (heads(y)) {
        --left;
        m_.cut(y, [&](int w) { return !lower(w); });
      }
      if (probe) m_.set_band(y, kProbe, 0, lower);
    }
  }

  WalkMatching& m_;
  const std::vector<int>& remainder_;
  std::vector<int> position_;  // per bracket vertex: its place in the remainder, or -1
  int bracket_size_;
  bool seats_;  // floaters are unmatched (no lower players in the graph): give them seats
  int pairs_ = 0;
};

}  // namespace

std::optional<BracketResult> walk_matching(const Context& c, const Bracket& b, const Graph& g) {
  const int n = static_cast<int>(g.player.size());
  WalkMatching matching(g);
  const std::vector<int>& mate = matching.mate();
  if (g.complete && std::count(mate.begin(), mate.end(), -1) > 0)
    return std::nullopt;  // no complete pairing
  DutchWalk walk(c, b, g.adjacent);
  choose_moved_down(c, b, matching, walk);
  std::vector<bool> settled(at(n), false);
  const int window = std::max(1, window_size(g));
  auto choose = [&](int v) {
    const auto cands = settled[at(v)] ? std::vector<int>{} : walk.candidates(v);
    if (!cands.empty() && mate[at(v)] != cands.front()) {
      OrderBonus bonus{walk.upcoming(v, window), {}};
      for (int w : bonus.window) {
        const auto list = w == v ? cands : walk.candidates(w);
        bonus.rank.emplace_back(at(n), 0);
        for (std::size_t i = 0; i < list.size(); ++i)
          bonus.rank.back()[at(list[i])] = static_cast<long long>(list.size() - i);
        settled[at(w)] = true;
      }
      matching.solve(std::move(bonus));
    }
    const int partner = mate[at(v)];
    matching.take(v);
    return partner;
  };
  auto split = [&](const std::vector<int>& remainder) {
    return Exchange(matching, remainder, g.bracket_size, !g.complete).s1();
  };
  return to_players(b, walk.run(choose, split));
}

}  // namespace competition::swiss_detail
