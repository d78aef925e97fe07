"""Actions stuck in `sending` are resolved by asking the Graph API what happened, never by blindly resending."""
from datetime import timedelta

from app.database import session
from app.models import PlannedAction, utcnow
from app.services.pipeline import sweeps


def _stick(action: PlannedAction) -> None:
    action.state, action.claimed_at = "sending", utcnow() - timedelta(minutes=5)
    session.commit()


def test_stuck_public_reply_that_was_posted_is_marked_done_without_posting_again(shop):
    comment_id = shop.comment("combien ?")
    effects = shop.wait_for(comment_id, lambda e: e["replies"] and e["private_replies"])
    session.expire_all()
    action = session.query(PlannedAction).filter_by(comment_id=comment_id, kind="public_reply").one()
    _stick(action)

    assert sweeps.reconcile_stuck(shop.settings) == 1

    session.expire_all()
    assert session.get(PlannedAction, action.id).state == "done"
    assert session.get(PlannedAction, action.id).result_id == effects["replies"][0]["id"]
    assert len(shop.sandbox.admin.comment_effects(comment_id)["replies"]) == 1


def test_stuck_private_reply_is_resent_and_meta_says_it_was_already_done(shop):
    comment_id = shop.comment("prix svp")
    shop.wait_for(comment_id, lambda e: e["private_replies"])
    session.expire_all()
    action = session.query(PlannedAction).filter_by(comment_id=comment_id, kind="private_reply").one()
    _stick(action)

    sweeps.reconcile_stuck(shop.settings)

    session.expire_all()
    assert session.get(PlannedAction, action.id).state == "done"
    assert len(shop.sandbox.admin.comment_effects(comment_id)["private_replies"]) == 1


def test_stuck_public_reply_that_never_left_is_posted_once(shop):
    comment_id = shop.comment("Bravo 😍")  # not matched: nothing planned, nothing posted
    shop.wait_for(comment_id, lambda e: True)
    action = PlannedAction(page_id=shop.page.id, comment_id=comment_id, kind="public_reply",
                           payload={"message": "Merci !"}, state="sending",
                           claimed_at=utcnow() - timedelta(minutes=5))
    session.add(action)
    session.commit()

    sweeps.reconcile_stuck(shop.settings)
    sweeps.reconcile_stuck(shop.settings)

    session.expire_all()
    assert session.get(PlannedAction, action.id).state == "done"
    assert [r["message"] for r in shop.sandbox.admin.comment_effects(comment_id)["replies"]] == ["Merci !"]
