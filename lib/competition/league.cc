#include "lib/competition/league.h"

#include <algorithm>
#include <stdexcept>

namespace competition {
namespace {

using Ids = std::vector<EntrantId>;

Ids cut(const Ids& ids, std::size_t from, std::size_t to) {
  return Ids(ids.begin() + static_cast<std::ptrdiff_t>(std::min(from, ids.size())),
             ids.begin() + static_cast<std::ptrdiff_t>(std::min(to, ids.size())));
}

// Splits off divisions of `size` from the end of `divisions` while the last one is too big.
void split_overflow(Divisions& divisions, std::size_t size) {
  while (!divisions.empty() && divisions.back().size() > size) {
    Ids rest = cut(divisions.back(), size, divisions.back().size());
    divisions.back().resize(size);
    divisions.push_back(std::move(rest));
  }
  if (divisions.size() > 1 && divisions.back().size() < 2) {
    Ids last = std::move(divisions.back());
    divisions.pop_back();
    divisions.back().insert(divisions.back().end(), last.begin(), last.end());
  }
}

// Fills short divisions from the top of the next one down, top division first.
void fill_from_below(Divisions& divisions, std::size_t size) {
  for (std::size_t d = 0; d + 1 < divisions.size(); ++d) {
    while (divisions[d].size() < size) {
      std::size_t below = d + 1;
      while (below < divisions.size() && divisions[below].empty()) ++below;
      if (below == divisions.size()) break;
      divisions[d].push_back(divisions[below].front());
      divisions[below].erase(divisions[below].begin());
    }
  }
  std::erase_if(divisions, [](const Ids& ids) { return ids.empty(); });
}

}  // namespace

Divisions league_initial(const Ids& strongest_first, const LeagueConfig& config) {
  if (config.division_size < 2) throw std::invalid_argument("divisions need 2 or more players");
  Divisions divisions{strongest_first};
  split_overflow(divisions, static_cast<std::size_t>(config.division_size));
  return divisions;
}

Divisions league_rollover(const Divisions& final_rankings, const std::set<EntrantId>& opted_out,
                          const Ids& newcomers, const LeagueConfig& config) {
  const std::size_t count = final_rankings.size();
  std::vector<Ids> from_above(count), stayers(count), from_below(count);
  for (std::size_t d = 0; d < count; ++d) {
    const Ids& ranking = final_rankings[d];
    const std::size_t up = d > 0 ? static_cast<std::size_t>(config.promote) : 0;
    const std::size_t down = d + 1 < count ? static_cast<std::size_t>(config.relegate) : 0;
    const std::size_t stay_end = ranking.size() > up + down ? ranking.size() - down : up;
    if (d > 0) from_below[d - 1] = cut(ranking, 0, up);
    stayers[d] = cut(ranking, up, stay_end);
    if (d + 1 < count) from_above[d + 1] = cut(ranking, stay_end, ranking.size());
  }
  Divisions next(std::max<std::size_t>(count, 1));
  for (std::size_t d = 0; d < count; ++d)
    for (const Ids* part : {&from_above[d], &stayers[d], &from_below[d]})
      for (EntrantId id : *part)
        if (!opted_out.contains(id)) next[d].push_back(id);
  next.back().insert(next.back().end(), newcomers.begin(), newcomers.end());
  const auto size = static_cast<std::size_t>(config.division_size);
  fill_from_below(next, size);
  split_overflow(next, size);
  return next;
}

}  // namespace competition
