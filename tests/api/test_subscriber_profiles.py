"""The commenters' profiles a page keeps: one per commenter, counted, named as the platform names them."""
from app.database import session
from app.models import InboxEvent, SocialPage, SubscriberProfile
from app.services.pipeline import commenter_profiles


def _page(platform: str) -> SocialPage:
    page = SocialPage(platform=platform, external_id=f"{platform}-1", name="Boutique Amira", is_connected=True)
    session.add(page)
    session.commit()
    return page


def _comment(author_id: str, name: str) -> InboxEvent:
    return InboxEvent(platform="facebook", comment_id=f"c-{author_id}", page_external_id="p", from_id=author_id,
                      from_name=name)


def test_a_batch_counts_each_commenter_once_per_comment(app):
    page = _page("facebook")
    commenter_profiles.record([(page, _comment("1", "Amira Ben Salah")), (page, _comment("2", "Nour Haddad"))])
    commenter_profiles.record([(page, _comment("1", "Amira Ben Salah")), (page, _comment("1", "Amira Ben Salah"))])
    session.commit()

    profiles = {p.publisher_id: p for p in session.query(SubscriberProfile)}
    assert {key: p.comments_count for key, p in profiles.items()} == {"1": 3, "2": 1}
    assert (profiles["1"].first_name, profiles["1"].last_name) == ("Amira", "Ben Salah")


def test_instagram_keeps_the_username_and_no_first_name(app):
    page = _page("instagram")
    commenter_profiles.record([(page, _comment("3", "nour.haddad"))])
    session.commit()

    profile = session.query(SubscriberProfile).one()
    assert (profile.username, profile.first_name) == ("nour.haddad", None)


def test_a_name_longer_than_its_columns_is_cut_not_refused(app):
    page = _page("facebook")
    commenter_profiles.record([(page, _comment("4", "N" * 255))])  # as long as the inbox keeps a name
    session.commit()

    profile = session.query(SubscriberProfile).one()
    assert (len(profile.name), len(profile.first_name)) == (255, 120)
