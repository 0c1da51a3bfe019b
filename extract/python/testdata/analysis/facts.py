import os
import argparse as ap
from dataclasses import dataclass, field
from typing import ClassVar

import click
from pydantic import BaseModel, Field

from .envs import EnvBool, EnvInt
from ..util import helper as aid

LIMIT = int(os.environ.get("APP_LIMIT", "8"))
DEBUG = os.getenv("APP_DEBUG")
HOME = os.environ["HOME"]
FAST = "APP_FAST" in os.environ
VERBOSE = get_bool_env_var("APP_VERBOSE", "false")
TIMEOUT = EnvInt("APP_TIMEOUT", default=30)
os.putenv("APP_IGNORED", "1")


class Envs:
    APP_QUEUE_SIZE = EnvInt(16)
    APP_TRACE: EnvBool = EnvBool(False)


@dataclass
class ServerArgs:
    host: str = "127.0.0.1"
    port: int = 8000
    tags: list = field(default_factory=list)
    workers: int = field(default=4)
    registry: ClassVar[dict] = {}
    _private: int = 0


class Settings(BaseModel):
    name: str = Field("app")
    retries: int


class Worker(Base):
    def __init__(self, args, size=None):
        super().__init__(args)
        self.size = size or LIMIT
        self.ready = self.size > 0
        count = total = 0
        a, b = self.split()

    def run(self, job):
        self.check(job)
        aid(job)
        if not self.ready:
            raise RuntimeError(f"worker of size {self.size} is not ready for {job.name}")


def add_args(parser):
    parser.add_argument("--max-jobs", "-j", type=int, default=LIMIT)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-q", dest="quiet", default=False)
    parser.add_argument("input")


@click.option("--color", default="auto")
def main(color):
    w = Worker(ap.Namespace())
    w.run(color)


def convert(timestr, err):
    six.raise_from(ValueError(f"bad time {timestr} in {err.args}"), err)
