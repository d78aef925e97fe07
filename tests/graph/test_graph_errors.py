"""Meta's real error bodies (docs/graph-api.md#errors) sorted into the kinds the workers act on."""
import json

import pytest

from app.graph.errors import (AlreadyReplied, GraphError, NotFound, Permanent, PermissionDenied, RateLimited,
                              ReplyWindowClosed, TokenInvalid, Transient, classify)


def meta_error(code, message, subcode=None, error_type="OAuthException"):
    error = {"message": message, "type": error_type, "code": code, "fbtrace_id": "EJplcsCHuLu"}
    if subcode is not None:
        error["error_subcode"] = subcode
    return {"error": error}


@pytest.mark.parametrize("status, body, kind", [
    (400, meta_error(190, "Error validating access token: Session has expired on Tuesday, 06-Aug-24 10:00:00 "
                          "PDT. The current time is Wednesday, 07-Aug-24 09:00:00 PDT.", 463), TokenInvalid),
    (400, meta_error(190, "Error validating access token: The session has been invalidated because the user "
                          "changed their password or Facebook has changed the session for security reasons.", 460),
     TokenInvalid),
    (400, meta_error(190, "Error validating access token: The session is invalid because the user logged out.",
                     467), TokenInvalid),
    (401, meta_error(190, "Invalid OAuth access token."), TokenInvalid),
    (400, meta_error(102, "Session key invalid or no longer valid"), TokenInvalid),
    (400, meta_error(10900, "(#10900) Activity already replied to"), AlreadyReplied),
    (400, meta_error(100, "Object with ID '123_456' does not exist, cannot be loaded due to missing permissions, "
                          "or does not support this operation", 33, "GraphMethodException"), NotFound),
    (400, meta_error(100, "(#100) Invalid comment_id parameter", 2018292), Permanent),
    (400, meta_error(100, "The comment is invalid for a private reply", 2534025), Permanent),
    (400, meta_error(100, "一致するInstagramユーザーが見つかりません", 2534014), Permanent),
    (400, meta_error(200, "(#200) Permissions error"), PermissionDenied),
    (400, meta_error(230, "(#230) Requires pages_messaging permission to manage the object"), PermissionDenied),
    (400, meta_error(10, "(#10) Application does not have permission for this action"), PermissionDenied),
    (400, meta_error(200, "(#200) cannot message people without a role", 2018028), PermissionDenied),
    (400, meta_error(10, "(#10) This message is sent outside of allowed window.", 2018278), Permanent),
    (400, meta_error(200, "(#200) This person isn't receiving messages from you right now.", 1545041), Permanent),
    (400, meta_error(10903, "(#10903) This user can't reply to this activity", 1893049), ReplyWindowClosed),
    (400, meta_error(10903, "(#10903) This user can't reply to this activity"), Permanent),
    (400, meta_error(10902, "(#10902) This is not a Replyable activity"), Permanent),
    (400, meta_error(506, "(#506) Duplicate status message"), Permanent),
    (400, meta_error(3, "(#3) Application does not have the capability to make this API call."), Permanent),
    (500, meta_error(1, "An unknown error occurred"), Transient),
    (500, meta_error(2, "An unexpected error has occurred. Please retry your request later."), Transient),
    (503, meta_error(12345, "Service temporarily unavailable"), Transient),
    (400, meta_error(4, "(#4) Application request limit reached"), RateLimited),
    (400, meta_error(17, "(#17) User request limit reached"), RateLimited),
    (400, meta_error(32, "(#32) Page request limit reached"), RateLimited),
    (400, meta_error(613, "(#613) Calls to this api have exceeded the rate limit.", 1996), RateLimited),
    (400, meta_error(613, "Calls to this api have exceeded the rate limit.", 2534040), RateLimited),
    (400, meta_error(80001, "(#80001) There have been too many calls to this Page account. Wait a bit and try "
                            "again."), RateLimited),
    (400, meta_error(80002, "(#80002) There have been too many calls to this Instagram account."), RateLimited),
    (400, meta_error(80006, "(#80006) There have been too many messenger api calls to this Page account."),
     RateLimited),
])
def test_meta_error_bodies_map_to_their_kind(status, body, kind):
    error = classify(status, body, {})

    assert type(error) is kind
    assert isinstance(error, GraphError)
    assert error.code == body["error"]["code"]
    assert error.subcode == body["error"].get("error_subcode")
    assert error.message == body["error"]["message"]
    assert error.status == status
    assert error.fbtrace_id == "EJplcsCHuLu"


def test_only_rate_limits_and_transient_errors_are_retryable():
    kinds = {kind: kind.retryable for kind in (RateLimited, Transient, TokenInvalid, PermissionDenied, NotFound,
                                               AlreadyReplied, Permanent)}

    assert kinds == {RateLimited: True, Transient: True, TokenInvalid: False, PermissionDenied: False,
                     NotFound: False, AlreadyReplied: False, Permanent: False}


def test_reason_is_code_dash_message_for_the_agent_messages_screen():
    error = classify(400, meta_error(10903, "(#10903) This user can't reply to this activity", 1893049), {})

    assert error.reason == "10903 - (#10903) This user can't reply to this activity"


def test_business_usage_header_gives_minutes_to_regain_access_in_seconds():
    usage = {"104857392011223": [{"type": "pages", "call_count": 100, "total_cputime": 23, "total_time": 23,
                                  "estimated_time_to_regain_access": 7}],
             "17841405822304914": [{"type": "instagram", "call_count": 40, "total_cputime": 2, "total_time": 2,
                                    "estimated_time_to_regain_access": 2}]}
    headers = {"X-Business-Use-Case-Usage": json.dumps(usage)}

    error = classify(400, meta_error(80001, "(#80001) There have been too many calls to this Page account."),
                     headers)

    assert error.retry_after == 7 * 60


def test_app_usage_at_its_ceiling_waits_longer_than_a_bare_rate_limit():
    full = classify(400, meta_error(4, "(#4) Application request limit reached"),
                    {"x-app-usage": '{"call_count":100,"total_time":25,"total_cputime":25}'})
    bare = classify(400, meta_error(17, "(#17) User request limit reached"), {})

    assert full.retry_after == 300
    assert bare.retry_after == 60


def test_retry_after_header_is_used_when_usage_headers_give_no_time():
    error = classify(400, meta_error(32, "(#32) Page request limit reached"), {"Retry-After": "90"})

    assert error.retry_after == 90


def test_unreadable_usage_headers_fall_back_to_the_default_wait():
    headers = {"X-Business-Use-Case-Usage": "{not json", "X-App-Usage": "[1, 2]"}

    error = classify(400, meta_error(613, "(#613) Calls to this api have exceeded the rate limit."), headers)

    assert error.retry_after == 60


def test_policy_block_backs_off_for_an_hour():
    error = classify(400, meta_error(368, "(#368) The action attempted has been deemed abusive"), {})

    assert type(error) is RateLimited
    assert error.retry_after == 3600


@pytest.mark.parametrize("status, body, kind", [
    (502, "<html><body>Bad Gateway</body></html>", Transient),
    (500, "", Transient),
    (404, "Not Found", NotFound),
    (429, "Too Many Requests", RateLimited),
    (400, {"data": []}, Permanent),
    (403, None, Permanent),
])
def test_answers_without_a_graph_error_object_are_still_typed(status, body, kind):
    error = classify(status, body, {})

    assert type(error) is kind
    assert error.code is None
    assert error.status == status
    assert error.message
