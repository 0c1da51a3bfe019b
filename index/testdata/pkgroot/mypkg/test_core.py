from mypkg.core import check


def test_check():
    assert check(1) == 1
