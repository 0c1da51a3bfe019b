import subprocess

subprocess.run(["false"], check=True)
