// Hex Quoridor rule tests: board and fence geometry (I-HQ-1, I-HQ-2), the published counts,
// jumps (I-HQ-5) and the path checks of two-player games; the tricky positions of rules-spec
// §4.9 (1 to 4). Multi-player rules are in hex_quoridor_multi_test.cc, notation and positions
// in hex_quoridor_notation_test.cc.

#include <gtest/gtest.h>

#include <set>

#include "rules/hex_quoridor/geometry.h"
#include "rules/hex_quoridor/position.h"
#include "test_util.h"

namespace rules::hex_quoridor::testing {
namespace {

using Strings = std::vector<std::string>;

int cell(const Geometry& geo, std::string_view name) {
  for (int c = 0; c < geo.cell_count(); ++c) {
    if (geo.cell_name(c) == name) return c;
  }
  return -1;
}

int edge(const Geometry& geo, std::string_view a, std::string_view b) {
  const int d = hex::direction_between(geo.hex(cell(geo, a)), geo.hex(cell(geo, b)));
  return d < 0 ? -1 : geo.edge(cell(geo, a), d);
}

// Counts straight from the axial coordinates, independently of Geometry's tables: internal
// edges, and fence names (each fence has two) whose four cells are all on the board.
struct BruteForceCounts {
  int cells = 0, edges = 0, fences = 0;
};
BruteForceCounts brute_force(int radius) {
  BruteForceCounts counts;
  const auto on = [&](hex::Hex h) { return hex::length(h) <= radius; };
  int names = 0, edge_ends = 0;
  for (int q = -radius; q <= radius; ++q) {
    for (int r = -radius; r <= radius; ++r) {
      const hex::Hex y{q, r};
      if (!on(y)) continue;
      ++counts.cells;
      for (int d = 0; d < 6; ++d) {
        const hex::Hex z = hex::neighbour(y, d);
        edge_ends += on(z) ? 1 : 0;
        for (int turn : {1, -1}) {
          names += on(z) && on(hex::neighbour(y, hex::rotate(d, turn))) &&
                           on(hex::neighbour(z, hex::rotate(hex::opposite(d), turn)))
                       ? 1
                       : 0;
        }
      }
    }
  }
  counts.edges = edge_ends / 2;
  counts.fences = names / 2;
  return counts;
}

TEST(HexQuoridorBoard, DefaultBoardHas61CellsAnd156InternalEdges) {  // I-HQ-1
  const Geometry& geo = Geometry::for_side(5);
  EXPECT_EQ(geo.cell_count(), 61);
  EXPECT_EQ(geo.edge_count(), 156);
  EXPECT_EQ(geo.vertex_count(), 150);
  EXPECT_EQ(geo.cell_name(geo.index({0, 0})), "e5");
  EXPECT_EQ(geo.row_length(0), 5);
  EXPECT_EQ(geo.row_length(4), 9);
  const BruteForceCounts brute = brute_force(4);
  EXPECT_EQ(brute.cells, 61);
  EXPECT_EQ(brute.edges, 156);
}

TEST(HexQuoridorBoard, Has264FencePlacementsEachTouchingFourCells) {  // I-HQ-2
  const Geometry& geo = Geometry::for_side(5);
  EXPECT_EQ(geo.fences().size(), 264U);
  EXPECT_EQ(brute_force(4).fences, 264);
  for (const Fence& f : geo.fences()) {
    EXPECT_EQ(std::set<int>(f.cells.begin(), f.cells.end()).size(), 4U);
    EXPECT_EQ(std::set<int>(f.edges.begin(), f.edges.end()).size(), 3U);
    EXPECT_EQ(std::set<int>(f.vertices.begin(), f.vertices.end()).size(), 4U);
  }
}

TEST(HexQuoridorBoard, LargerBoardsOption) {  // I-HQ-1: board size is an option
  for (int side : {7, 9}) {
    const Geometry& geo = Geometry::for_side(side);
    const BruteForceCounts brute = brute_force(side - 1);
    EXPECT_EQ(geo.cell_count(), brute.cells);
    EXPECT_EQ(geo.edge_count(), brute.edges);
    EXPECT_EQ(static_cast<int>(geo.fences().size()), brute.fences);
  }
  EXPECT_EQ(Geometry::for_side(7).cell_count(), 127);
  EXPECT_EQ(Geometry::for_side(7).fences().size(), 612U);
  EXPECT_EQ(Geometry::for_side(9).cell_count(), 217);
  EXPECT_EQ(Geometry::for_side(9).fences().size(), 1104U);
}

TEST(HexQuoridorBoard, StartCellsAreTheMiddlesOfTheSides) {  // rules-spec §4.2 table
  const Geometry& geo = Geometry::for_side(5);
  const Strings expected = {"a3", "c1", "g1", "i3", "g7", "c7"};
  for (int side = 0; side < kSides; ++side) {
    EXPECT_EQ(geo.cell_name(geo.middle_of_side(side)), expected[side]) << kSideNames[side];
  }
  EXPECT_TRUE(geo.on_side(cell(geo, "e9"), 4));  // corners belong to two sides
  EXPECT_TRUE(geo.on_side(cell(geo, "e9"), 5));
  EXPECT_EQ(Geometry::for_side(7).cell_name(Geometry::for_side(7).middle_of_side(0)), "a4");
}

TEST(HexQuoridorBoard, EmptyTwoPlayerBoardHas268LegalMoves) {  // 4 steps + 264 fences
  auto state = new_game(2);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->legal_moves().size(), 268U);
  EXPECT_EQ(pawn_moves(*state), (Strings{"a2", "a4", "b3", "b4"}));
  EXPECT_EQ(fence_count(*state), 264);
}

TEST(HexQuoridorBoard, FenceSupplyIsTheSameOnEveryBoardSize) {  // I-HQ-7
  auto big = new_game(2, 0, {{"board-size", "9"}});
  ASSERT_TRUE(big);
  EXPECT_EQ(big->serialize(),
            "hex-quoridor size=9 teams=off ply=0 turn=0 seats=a5:9,q5:9 fences=-");
  EXPECT_EQ(fence_count(*big), 1104);
}

TEST(HexQuoridorFences, Fe5ESeparatesE5D5FromF5E6) {  // I-HQ-2, rules-spec §4.3 example
  const Geometry& geo = Geometry::for_side(5);
  const Fence& f = geo.fences()[geo.fence_id(cell(geo, "e5"), hex::kE, 0)];
  EXPECT_EQ(std::set<int>(f.edges.begin(), f.edges.end()),
            (std::set<int>{edge(geo, "e5", "e6"), edge(geo, "e5", "f5"), edge(geo, "e6", "d5")}));
  EXPECT_EQ(geo.cell_name(f.cells[0]) + geo.cell_name(f.cells[1]) + geo.cell_name(f.cells[2]) +
                geo.cell_name(f.cells[3]),
            "e5e6f5d5");
  // The other name of the same fence.
  EXPECT_EQ(geo.fence_id(cell(geo, "e6"), hex::kW, 0), geo.fence_id(cell(geo, "e5"), hex::kE, 0));
}

TEST(HexQuoridorFences, OverlapIsRejectedTouchIsAccepted) {  // rules-spec §4.9.1
  auto state = new_game(2);
  ASSERT_EQ(play_text(*state, "Fe5E+"), "Fe5E+");
  EXPECT_EQ(play_text(*state, "Fe6W+"), "illegal_move: fence overlaps Fe5E+");
  const Geometry& geo = Geometry::for_side(5);
  const Fence& placed = geo.fences()[geo.fence_id(cell(geo, "e5"), hex::kE, 0)];
  const int e5_f5 = edge(geo, "e5", "f5");
  int overlapping = 0, touching = 0;
  for (const Fence& f : geo.fences()) {
    const std::string name = fence_name(geo, f);
    const std::set<int> edges(f.edges.begin(), f.edges.end());
    bool shares_edge = false, shares_vertex = false;
    for (int e : placed.edges) shares_edge |= edges.count(e) > 0;
    for (int v : placed.vertices) {
      for (int w : f.vertices) shares_vertex |= v == w;
    }
    if (edges.count(e5_f5)) {
      ++overlapping;
      EXPECT_EQ(play_text(*state, name), "illegal_move: fence overlaps Fe5E+") << name;
    } else if (!shares_edge && shares_vertex) {
      ++touching;  // end to end, end to middle (T-junction), crossing at a vertex
      EXPECT_TRUE(legal(*state, name)) << name;
    }
  }
  EXPECT_EQ(overlapping, 6);
  EXPECT_GT(touching, 0);
}

TEST(HexQuoridorFences, FencesOnTheRimDoNotFit) {  // rules-spec §4.3: no fence on the rim
  auto state = new_game(2);
  EXPECT_EQ(play_text(*state, "Fa1SW+"),
            "illegal_move: fence Fa1SW+ does not fit: all three segments must lie between board "
            "cells, never on the rim");
  EXPECT_EQ(play_text(*state, "Fa1E-"),
            "illegal_move: fence Fa1E- does not fit: all three segments must lie between board "
            "cells, never on the rim");
  EXPECT_TRUE(legal(*state, "Fa1NE+"));
}

TEST(HexQuoridorFences, NoFencesLeft) {
  auto state = position(
      "hex-quoridor size=5 teams=off ply=18 turn=0 seats=b3:0,h4:9 "
      "fences=Fb2NW-,Fb4NE-,Fb6NW-,Fc2NW+,Fc3NW-,Fc5NE-,Fc7NW+,Fd1NE+,Fd3NW-");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "Fe5E+"), "illegal_move: seat 0 has no fences left");
  EXPECT_EQ(fence_count(*state), 0);
}

// rules-spec §4.9.2: A on d4, B on e5 = A+NE.
constexpr std::string_view kJumpFree =
    "hex-quoridor size=5 teams=off ply=0 turn=0 "
    "seats=d4:9,e5:9 fences=-";

TEST(HexQuoridorJumps, StraightJumpIsTheOnlyJumpWhenOpen) {  // rules-spec §4.9.2, I-HQ-5
  auto state = position(kJumpFree);
  ASSERT_TRUE(state);
  EXPECT_EQ(pawn_moves(*state), (Strings{"c3", "c4", "d3", "d5", "e4", "f5"}));
  EXPECT_EQ(play_text(*state, "f4"),
            "illegal_move: a slight-turn jump to f4 is allowed only when the straight jump to f5 "
            "is blocked");
  EXPECT_EQ(play_text(*state, "e6"),
            "illegal_move: a slight-turn jump to e6 is allowed only when the straight jump to f5 "
            "is blocked");
}

TEST(HexQuoridorJumps, SlightTurnJumpsWhenTheStraightIsFenced) {  // rules-spec §4.9.2
  auto state = position(
      "hex-quoridor size=5 teams=off ply=1 turn=0 seats=d4:9,e5:8 "
      "fences=Ff4E+");
  ASSERT_TRUE(state);
  // e4 and d5 stay legal, but only as plain steps.
  EXPECT_EQ(pawn_moves(*state), (Strings{"c3", "c4", "d3", "d5", "e4", "e6", "f4"}));
  EXPECT_EQ(play_text(*state, "f5"), "illegal_move: fence Ff4E+ blocks the jump from e5 to f5");
  // With the steps to e4 and d5 fenced, the sharp-turn jumps are still not allowed.
  auto fenced = position(
      "hex-quoridor size=5 teams=off ply=3 turn=0 seats=d4:8,e5:7 "
      "fences=Ff4E+,Fc4NE-,Fd3E-");
  ASSERT_TRUE(fenced);
  EXPECT_EQ(pawn_moves(*fenced), (Strings{"c3", "c4", "e6", "f4"}));
  EXPECT_EQ(play_text(*fenced, "e4"),
            "illegal_move: fence Fd3E- blocks the step from d4 to e4, and a sharp-turn jump over "
            "e5 to e4 is allowed only when the straight and both slight-turn jumps are blocked");
}

TEST(HexQuoridorJumps, SharpTurnJumpsWhenStraightAndBothSlightsAreBlocked) {  // I-HQ-5
  // Fd5NE- and Fe5NE+ close e5|f5, e5|f4 and e5|e6; Fc4NE- and Fd3E- fence the steps from d4
  // to d5 and e4, which are still reached as sharp-turn jumps over e5.
  auto state = position(
      "hex-quoridor size=5 teams=off ply=4 turn=0 seats=d4:7,e5:7 "
      "fences=Fc4NE-,Fd3E-,Fd5NE-,Fe5NE+");
  ASSERT_TRUE(state);
  EXPECT_EQ(pawn_moves(*state), (Strings{"c3", "c4", "d5", "e4"}));
  EXPECT_EQ(play_text(*state, "f5"), "illegal_move: fence Fe5NE+ blocks the jump from e5 to f5");
  EXPECT_EQ(play_text(*state, "e4"), "e4");
}

TEST(HexQuoridorJumps, RimBlocksTheStraightJump) {  // rules-spec §4.9.3
  // B on i3 (north rim), A on h3 below it: the straight landing and one slight-turn landing are
  // off the board, so the other slight-turn landing, i4, is the jump.
  auto state = position("hex-quoridor size=5 teams=off ply=0 turn=0 seats=h3:9,i3:9 fences=-");
  ASSERT_TRUE(state);
  EXPECT_EQ(pawn_moves(*state), (Strings{"g3", "g4", "h2", "h4", "i2", "i4"}));
  EXPECT_EQ(play_text(*state, "i2"), "i2");
  EXPECT_TRUE(state->outcome().finished);  // i2 is on seat 0's goal side
}

TEST(HexQuoridorJumps, RimCornerAllowsSharpTurnJumps) {  // rules-spec §4.9.3, I-HQ-5
  // B on the corner i5: straight and both slight-turn landings are off the board; the steps
  // from h5 to i4 and h6 are fenced, so those cells are reached only by sharp-turn jumps.
  auto state = position(
      "hex-quoridor size=5 teams=off ply=2 turn=0 seats=h5:8,i5:8 "
      "fences=Fg6NE-,Fh4E-");
  ASSERT_TRUE(state);
  EXPECT_EQ(pawn_moves(*state), (Strings{"g5", "g6", "h6", "i4"}));
}

TEST(HexQuoridorJumps, AFencedNeighbourCannotBeJumped) {
  auto state = position(
      "hex-quoridor size=5 teams=off ply=1 turn=0 seats=d4:9,e5:8 "
      "fences=Fd4NE+");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "f5"),
            "illegal_move: fence Fd4NE+ separates d4 from the pawn on e5, so it cannot be jumped");
}

TEST(HexQuoridorPawns, IllegalStepsNameTheRule) {
  auto state = position(kJumpFree);
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "e5"), "illegal_move: e5 is occupied by the pawn of seat 1");
  EXPECT_EQ(play_text(*state, "d4"), "illegal_move: the pawn of seat 0 is already on d4");
  EXPECT_EQ(play_text(*state, "a1"),
            "illegal_move: a1 is not a step or a jump from d4 (a pawn moves to a neighbouring cell "
            "or jumps over a neighbouring pawn)");
  ASSERT_EQ(play_text(*state, "Fc4NW+"), "Fc4NW+");  // seat 0 fences d4|c4 ...
  ASSERT_EQ(play_text(*state, "f5"), "f5");          // ... and seat 1 moves away
  EXPECT_EQ(play_text(*state, "c4"), "illegal_move: fence Fc4NW+ blocks the step from d4 to c4");
}

TEST(HexQuoridorPaths, LastFenceSealingTheOpponentIsRejected) {  // rules-spec §4.9.4
  // Seat 1 on e2, inside the pocket {e1, d1, f1, e2} on the west corner, with no cell of its
  // goal side (row a) inside. Fc1NE+ and Fd2NW+ are down; Ff1E+ would close the pocket.
  auto state = position(
      "hex-quoridor size=5 teams=off ply=2 turn=0 seats=a3:9,e2:7 "
      "fences=Fc1NE+,Fd2NW+");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "Ff1E+"),
            "illegal_move: would cut off every path to the goal for seat 1");
  EXPECT_TRUE(legal(*state, "Ff1E-"));  // a fence that leaves the pocket open
  // Inside the pocket seat 1 could still move around.
  ASSERT_EQ(play_text(*state, "a4"), "a4");
  EXPECT_EQ(pawn_moves(*state), (Strings{"d1", "e1", "f1", "f2"}));
}

TEST(HexQuoridorPaths, APlayerMayNotSealHimselfInEither) {  // rules-spec §4.7, 2 players
  auto state = position(
      "hex-quoridor size=5 teams=off ply=2 turn=1 seats=a3:9,e2:7 "
      "fences=Fc1NE+,Fd2NW+");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "Ff1E+"),
            "illegal_move: would cut off every path to the goal for seat 1");
  EXPECT_FALSE(legal(*state, "Ff1E+"));
}

// The shortcuts of move generation (cycle test, witness paths) must agree with a full path
// check of every fence: every fence that validate() accepts is listed, and no other.
void expect_generation_matches_validation(int players, std::map<std::string, std::string> opts,
                                          std::uint64_t seed) {
  SeededRandom rng(seed);
  Result<std::unique_ptr<State>> created = game().create(GameConfig{players, opts}, rng);
  ASSERT_TRUE(created.ok());
  State& state = **created;
  const Geometry& geo = Geometry::for_side(opts.count("board-size") ? 7 : 5);
  for (int ply = 0; ply < 120 && !state.outcome().finished; ++ply) {
    const std::vector<Move> moves = state.legal_moves();
    const std::set<Move> listed(moves.begin(), moves.end());
    for (const Fence& f : geo.fences()) {
      const Move m = fence_move(f.cell, f.dir, f.sign);
      ASSERT_EQ(listed.count(m) == 1, !state.validate(m).has_value())
          << fence_name(geo, f) << " at ply " << ply << " in " << state.serialize();
    }
    // Mostly fences, so that the board fills up and paths get tight.
    Move move = moves[rng.draw("choice", static_cast<std::uint32_t>(moves.size()))];
    if (ply % 4 == 3) move = moves[0];
    state.apply(move, rng);
  }
}

TEST(HexQuoridorPaths, GenerationShortcutsAgreeWithFullPathChecks) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    expect_generation_matches_validation(2, {}, seed);
    expect_generation_matches_validation(3, {}, seed);
    expect_generation_matches_validation(6, {}, seed);
    expect_generation_matches_validation(4, {{"teams", "on"}}, seed);
  }
  expect_generation_matches_validation(2, {{"board-size", "7"}}, 4);
}

}  // namespace
}  // namespace rules::hex_quoridor::testing
