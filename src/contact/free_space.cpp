// Free-space descriptions of the models (free_space.h): the default (every contact on its own) and
// the Egan/Nguyen groups. PEG's is in peg_sites.cpp.
#include <pegsim/contact/model.h>

namespace pegsim {

FreeSpace ContactModel::free_space(const ProximityResult& proximity, const ModelContext& /*context*/) const {
  FreeSpace space;
  for (int i = 0; i < static_cast<int>(proximity.contacts.size()); ++i) space.always.push_back(i);
  return space;
}

FreeSpace grouped_free_space(const ProximityResult& proximity) {
  FreeSpace space;
  for (int g = 0; g < static_cast<int>(proximity.groups.size()); ++g) {
    Disjunction d;
    d.source = g;
    for (int side : proximity.groups[static_cast<std::size_t>(g)].contacts) d.configurations.push_back({side});
    space.disjunctions.push_back(std::move(d));
  }
  space.always = proximity.ungrouped;
  return space;
}

}  // namespace pegsim
