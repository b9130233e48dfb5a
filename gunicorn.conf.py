"""gunicorn run from a checkout (``gunicorn 'service.app:create_app()'``) gets the service's own settings.

Change a setting by assigning it below; ``python -m service`` reads this file when it is in the
working folder.
"""

from service.serving.settings import *  # noqa: F403
