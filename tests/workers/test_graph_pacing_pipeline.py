"""A page whose Graph usage Meta reports at 90 % is slowed down by the real worker, without an error: its calls
reach the sandbox GRAPH_PACE_WAIT_SECONDS apart (the times the sandbox recorded them at), every action is done at
its first attempt with nothing to show on the agent messages, and another page's comment is answered meanwhile."""
from app.database import session
from app.models import PlannedAction
from tests.workers.conftest import add_agent, connect_page


def _actions(comment_ids):
    session.expire_all()
    return session.query(PlannedAction).filter(PlannedAction.comment_id.in_(comment_ids)).all()


def test_usage_at_90_percent_spaces_the_pages_calls_without_an_error(shop, beat, live_web):
    other_page, other_post = connect_page(shop.sandbox, shop.settings, live_web)
    add_agent(other_page, other_post, {"price": "Bonjour, la robe est à 45 DT."})
    shop.sandbox.admin.fault("usage", scope=shop.page.external_id, percent=90)

    near_limit = [shop.comment("prix svp ?"), shop.comment("c'est combien la robe ?")]
    elsewhere = shop.comment("le prix ?", post_id=other_post)
    for comment_id in near_limit:
        shop.wait_for(comment_id, lambda e: e["private_replies"] and e["likes"] and e["replies"])
    shop.wait_for(elsewhere, lambda e: e["private_replies"])

    calls = [call for call in shop.sandbox.admin.calls()
             if call["method"] == "POST" and not call["path"].endswith("/subscribed_apps")]  # the effects alone
    paced = [call["at"] for call in calls if call["page_id"] == shop.page.external_id]
    wait = float(shop.settings["GRAPH_PACE_WAIT_SECONDS"])
    assert len(paced) == 6 and all(call["status"] == 200 for call in calls)
    assert min(later - earlier for earlier, later in zip(paced, paced[1:])) >= wait * 0.9, paced
    answered_elsewhere = next(call["at"] for call in calls if call["page_id"] == other_page.external_id)
    assert answered_elsewhere < paced[-1]  # the other page did not wait for this one's turns
    actions = _actions(near_limit + [elsewhere])
    assert len(actions) == 7
    assert {(action.state, action.attempts, action.error) for action in actions} == {("done", 1, None)}
