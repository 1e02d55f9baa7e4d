#include "serve/replay.h"

#include "core/lazy_text.h"
#include "session/view.h"
#include "session/view_format.h"

namespace cardboard {

Result<std::shared_ptr<Replay>> Replay::open(const std::string& path, const std::string& root) {
  // A replay never writes its save: one the server may read but not write is replayed.
  auto h = History::open(path, root, History::Access::kReadOnly);
  if (!h.ok()) return h.error();
  std::shared_ptr<Replay> r(new Replay());
  r->def_ = (*h)->game().def_ptr();
  r->total_ = (*h)->action_count();
  r->finished_ = (*h)->game().state().finished;
  r->h_ = std::move(*h);
  r->path_ = path;
  r->root_ = root;
  return r;
}

Reply Replay::at(int64_t k) {
  std::lock_guard lock(m_);
  if (k < 0 || k > total_)
    return refusal(400, "no action " + std::to_string(k) + ": the save holds " + std::to_string(total_));
  if (h_->action_count() != k)
    if (auto s = h_->seek(k); !s.ok()) return refusal(s.error());
  const int reader = finished_ ? kEveryone : kPublicOnly;
  auto events = h_->file().events(k);
  if (!events.ok()) return refusal(events.error());
  nlohmann::json choice = nullptr;
  if (k > 0) {
    auto a = h_->file().action(k);
    if (!a.ok()) return refusal(a.error());
    // A choice is its side's secret while the game goes on: it may name a hidden piece.
    choice = {{"side", a->side}, {"text", finished_ ? a->text : std::string()}};
  }
  return {200,
          {{"action", k},
           {"total", total_},
           {"finished", finished_},
           {"choice", choice},
           {"view", view_json(build_view(h_->game(), reader))},
           {"events", events_json(*events)}}};
}

Reply Replay::log(int64_t k) {
  std::lock_guard lock(m_);
  if (k < 0 || k > total_)
    return refusal(400, "no action " + std::to_string(k) + ": the save holds " + std::to_string(total_));
  auto all = h_->file().events();
  if (!all.ok()) return refusal(all.error());
  std::erase_if(*all, [k](const EventRow& e) { return e.action > k; });
  return {200, {{"upto", k}, {"events", events_json(*all)}}};
}

nlohmann::json Replay::events_json(const std::vector<EventRow>& events) const {
  const std::string id = finished_ ? "*" : "";
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : events)
    if (e.seen_by(id)) out.push_back({{"action", e.action}, {"kind", e.kind}, {"rule", e.rule}, {"text", e.text_for(id)}});
  return out;
}

Status Replay::branch(int64_t k, const std::string& copy) {
  std::lock_guard lock(m_);
  if (k < 0 || k > total_)
    return Error{ErrorKind::kUsage, "no action " + std::to_string(k) + ": the save holds " + std::to_string(total_)};
  CB_TRY(h_->file().copy_to(copy));
  auto h = History::open(copy, root_, History::Access::kWrite);
  if (!h.ok()) return h.error();
  if (k < (*h)->action_count()) CB_TRY((*h)->undo((*h)->action_count() - k));
  return ok_status();
}

}  // namespace cardboard
