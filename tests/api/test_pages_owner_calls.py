"""The owner's page calls (spec 000 §4 "Disconnect", §5 "Pages and ownership", §6): disconnect, delete, make owner;
403 for a user outside the team on every page-scoped call, 403 for a member on the owner's calls."""
import pytest
from sqlalchemy import select

from app.database import session
from app.models import (Agent, Category, CommentLog, InboxEvent, PlannedAction, Product, SocialPage, Synonym,
                        TeamMembership)
from tests.api.pages_support import (SECURE, PREFIX, connect, connected_page, join_team, page_subscribed,
                                     paid_user)


def _post(client, headers, platform, action, body):
    return client.post(f"{SECURE}/{PREFIX[platform]}/disconnect/{action}", json=body, headers=headers)


def _agent(row, live=True):
    agent = Agent(page_id=row.id, target_id=row.external_id, is_generic=True, live=live, pending=live)
    session.add(agent)
    session.commit()
    return agent


def _page_data(row):
    """An agent, a catalogue and a comment's log, inbox row and planned action of the page."""
    agent = _agent(row)
    category = Category(page_id=row.id, name="Robes")
    session.add(category)
    session.flush()
    product = Product(category_id=category.id, page_id=row.id, content="Robe rouge")
    session.add(product)
    session.flush()
    session.add(Synonym(product_id=product.id, value="robe rouge"))
    comment_id = f"{row.external_id}_c1"
    event = InboxEvent(platform=row.platform, comment_id=comment_id, page_external_id=row.external_id,
                       message="prix ?")
    session.add(event)
    session.flush()
    log = CommentLog(page_id=row.id, agent_id=agent.id, inbox_event_id=event.id, comment_id=comment_id)
    session.add(log)
    session.flush()
    session.add(PlannedAction(page_id=row.id, log_id=log.id, comment_id=comment_id, kind="private_reply"))
    session.commit()


def _count(model, **where):
    session.expire_all()
    return session.query(model).filter_by(**where).count()


@pytest.mark.parametrize("platform", ["facebook", "instagram"])
def test_disconnect_unsubscribes_and_stops_the_agents_keeping_settings_and_team(app, client, sandbox, signed_in,
                                                                                platform):
    me, headers, network_me = paid_user(signed_in)
    row, page = connected_page(client, sandbox, headers, network_me, platform=platform)
    row.spam = True
    session.commit()
    agent = _agent(row)

    answer = _post(client, headers, platform, "disconnect", {"id": row.external_id})

    assert answer.status_code == 200 and answer.get_json() is True
    session.expire_all()
    assert not row.is_connected and not row.webhook_subscribed and row.access_token is None
    assert row.spam and row.owner_id == me.id
    assert not agent.live and not agent.pending
    assert not page_subscribed(app, page)


def test_disconnecting_an_instagram_account_keeps_its_connected_facebook_pages_subscription(app, client, sandbox,
                                                                                             signed_in):
    _me, headers, network_me = paid_user(signed_in)
    fb_row, page = connected_page(client, sandbox, headers, network_me, name="Boutique")
    account = sandbox.admin.instagram(page_id=page["id"], username="boutique.ig")
    assert client.post(f"{SECURE}/pagesInsta/connect/", json={"id": account["id"]},
                       headers=headers).get_json() is True

    assert _post(client, headers, "instagram", "disconnect", {"id": account["id"]}).get_json() is True

    assert page_subscribed(app, page)  # the Facebook page still needs it
    assert _post(client, headers, "facebook", "disconnect", {"id": page["id"]}).get_json() is True
    assert not page_subscribed(app, page)


def test_a_disconnected_page_can_be_connected_again(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in)
    row, page = connected_page(client, sandbox, headers, network_me)
    assert _post(client, headers, "facebook", "disconnect", {"id": page["id"]}).status_code == 200

    assert client.post(f"{SECURE}/pages/connect/", json={"id": page["id"]}, headers=headers).get_json() is True

    session.expire_all()
    assert row.is_connected and row.access_token == page["access_token"]


def test_delete_removes_the_page_with_its_agents_catalogue_and_logs(app, client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in)
    row, page = connected_page(client, sandbox, headers, network_me)
    other, _ = connected_page(client, sandbox, headers, network_me, name="Other Page")
    _page_data(row)
    _page_data(other)
    page_id = row.id

    answer = _post(client, headers, "facebook", "delete", {"id": page["id"]})

    assert answer.status_code == 200 and answer.get_json() is True
    for model in (Agent, Category, Product, CommentLog, PlannedAction, TeamMembership):
        assert _count(model, page_id=page_id) == 0, model
        assert _count(model, page_id=other.id) >= 1, model
    assert _count(InboxEvent, page_external_id=page["id"]) == 0
    assert _count(InboxEvent, page_external_id=other.external_id) == 1
    assert _count(Synonym) == 1
    assert session.get(SocialPage, page_id) is None
    assert not page_subscribed(app, page)
    listed = client.get(f"{SECURE}/pages/get/all/", headers=headers).get_json()
    assert [p["idPage"] for p in listed["listPageNotConnected"]] == [page["id"]]


def test_make_owner_hands_the_page_to_a_member(client, sandbox, signed_in):
    me, headers, network_me = paid_user(signed_in, "Amira")
    member, member_headers, network_member = paid_user(signed_in, "Karim")
    row, page = connected_page(client, sandbox, headers, network_me)
    join_team(row, member, "invited_member")

    answer = _post(client, headers, "facebook", "owner", {"id": page["id"], "idFacebook": network_member["id"]})

    assert answer.status_code == 200 and answer.get_json() is True
    session.expire_all()
    assert row.owner_id == member.id
    roles = dict(session.execute(select(TeamMembership.user_id, TeamMembership.role)
                                 .where(TeamMembership.page_id == row.id)).all())
    assert roles == {member.id: "owner", me.id: "invited_admin"}
    groups = client.get(f"{SECURE}/pages/get/all/", headers=member_headers).get_json()
    assert [p["idPage"] for p in groups["listPageConnectedOwner"]] == [page["id"]]
    assert groups["listPageConnectedOwner"][0]["admins"][0]["idFacebook"] == network_member["id"]
    # The former owner is now a member: the owner's calls are refused.
    assert _post(client, headers, "facebook", "disconnect", {"id": page["id"]}).status_code == 403


def test_a_member_connecting_the_page_its_owner_left_starts_empty_unless_handed_the_teams_page(client, sandbox,
                                                                                                 signed_in):
    """docs/contracts.md "Pages across teams": the team's data goes on with whom the owner hands the page to."""
    me, headers, network_me = paid_user(signed_in, "Amira")
    member, member_headers, network_member = paid_user(signed_in, "Karim")
    page = sandbox.admin.page(name="Boutique", owner_ids=[network_me["id"], network_member["id"]])
    assert connect(client, headers, "facebook", page["id"]).get_json() is True
    row = session.scalars(select(SocialPage).where(SocialPage.external_id == page["id"])).one()
    join_team(row, member, "invited_admin")
    _page_data(row)
    assert _post(client, headers, "facebook", "disconnect", {"id": page["id"]}).get_json() is True

    assert connect(client, member_headers, "facebook", page["id"]).get_json() is True
    assert _catalogue(client, member_headers, page["id"]) == []
    assert _post(client, member_headers, "facebook", "disconnect", {"id": page["id"]}).get_json() is True
    handed = _post(client, headers, "facebook", "owner", {"id": page["id"], "idFacebook": network_member["id"]})
    assert connect(client, member_headers, "facebook", page["id"]).get_json() is True

    assert handed.get_json() is True
    assert _catalogue(client, member_headers, page["id"]) == ["Robes"]
    session.expire_all()
    assert row.is_connected and row.owner_id == member.id


def _catalogue(client, headers, page_id):
    answer = client.get(f"{SECURE}/project/get/entitiesproject/facebook/{page_id}", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return [category["name"] for category in answer.get_json()["data"]]


def test_make_owner_is_refused_when_the_new_owners_offer_does_not_allow_it(client, sandbox, signed_in):
    me, headers, network_me = paid_user(signed_in, "Amira")
    member, _member_headers, network_member = signed_in(first_name="Karim")  # Free Trial: no pages
    row, page = connected_page(client, sandbox, headers, network_me)
    join_team(row, member, "invited_admin")

    answer = _post(client, headers, "facebook", "owner", {"id": page["id"], "idFacebook": network_member["id"]})

    assert answer.status_code == 200
    assert answer.get_json() is False
    session.expire_all()
    assert row.owner_id == me.id


def test_make_owner_needs_a_member_other_than_the_owner(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in, "Amira")
    _stranger, _h, network_stranger = paid_user(signed_in, "Karim")
    row, page = connected_page(client, sandbox, headers, network_me)

    outsider = _post(client, headers, "facebook", "owner", {"id": page["id"], "idFacebook": network_stranger["id"]})
    unknown = _post(client, headers, "facebook", "owner", {"id": page["id"], "idFacebook": "999999999"})
    myself = _post(client, headers, "facebook", "owner", {"id": page["id"], "idFacebook": network_me["id"]})

    assert (outsider.status_code, unknown.status_code, myself.status_code) == (404, 404, 409)
    assert myself.get_json()["message"] == "Owner Already !"
    session.expire_all()
    assert row.owner_id == _me.id


def test_calls_on_an_unknown_page_are_refused_as_on_another_teams(client, sandbox, signed_in):
    """A page no team has and another team's page answer alike: a network id tells nobody who uses the product."""
    _owner, headers, network_owner = paid_user(signed_in, "Owner")
    _stranger, stranger_headers, _network = paid_user(signed_in, "Stranger")
    row, _page = connected_page(client, sandbox, headers, network_owner)
    unknown = SocialPage(platform=row.platform, external_id="123")

    for (method, path, body), (_m, unknown_path, unknown_body) in zip(_page_scoped_calls(row, network_owner["id"]),
                                                                    _page_scoped_calls(unknown, "456")):
        theirs = getattr(client, method)(f"{SECURE}/{path}", json=body, headers=stranger_headers)
        nobodys = getattr(client, method)(f"{SECURE}/{unknown_path}", json=unknown_body, headers=stranger_headers)
        assert (nobodys.status_code, nobodys.get_json()) == (theirs.status_code, theirs.get_json()) == (
            403, {"code": "page_not_in_team", "message": "You are not on this page's team"}), path


def _page_scoped_calls(row, someone_facebook_id):
    """Every call that names a page, as (method, path, body)."""
    prefix, ext = PREFIX[row.platform], row.external_id
    return [("post", f"{prefix}/disconnect/disconnect", {"id": ext}),
            ("post", f"{prefix}/disconnect/delete", {"id": ext}),
            ("post", f"{prefix}/disconnect/owner", {"id": ext, "idFacebook": someone_facebook_id}),
            ("put", f"pages/preference/{ext}/{row.platform}",
             {"platforme": row.platform, "spam": True, "likesComment": True,
              "respReplies": {"statut": "Exactly", "time": [5000]}}),
            ("put", f"pages/publicreply/{ext}/{row.platform}", {"statut": True, "message": "Merci"})]


def _unchanged(row, owner_id):
    session.expire_all()
    assert row.is_connected and row.owner_id == owner_id and not row.spam and not row.public_reply_enabled


@pytest.mark.parametrize("platform", ["facebook", "instagram"])
def test_a_user_outside_the_team_gets_403_on_every_page_scoped_call(client, sandbox, signed_in, platform):
    owner, headers, network_owner = paid_user(signed_in, "Owner")
    _stranger, stranger_headers, _network_stranger = paid_user(signed_in, "Stranger")
    row, _page = connected_page(client, sandbox, headers, network_owner, platform=platform)

    for method, path, body in _page_scoped_calls(row, network_owner["id"]):
        answer = getattr(client, method)(f"{SECURE}/{path}", json=body, headers=stranger_headers)
        assert answer.status_code == 403 and answer.get_json()["code"] == "page_not_in_team", path
    _unchanged(row, owner.id)


@pytest.mark.parametrize("role", ["invited_admin", "invited_member"])
def test_a_member_gets_403_on_the_owners_calls(client, sandbox, signed_in, role):
    owner, headers, network_owner = paid_user(signed_in, "Owner")
    member, member_headers, _network_member = paid_user(signed_in, "Member")
    row, _page = connected_page(client, sandbox, headers, network_owner)
    join_team(row, member, role)

    for method, path, body in _page_scoped_calls(row, network_owner["id"]):
        answer = getattr(client, method)(f"{SECURE}/{path}", json=body, headers=member_headers)
        assert answer.status_code == 403 and answer.get_json()["code"] == "owner_only", path
    _unchanged(row, owner.id)
