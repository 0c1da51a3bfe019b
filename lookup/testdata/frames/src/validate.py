from regions.errors import InvalidRegionError


def validate_region_name(region_name):
    if not region_name.replace("-", "").isalnum():
        raise InvalidRegionError(region_name=region_name)
    return region_name
