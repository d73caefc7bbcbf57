"""The test suite speaks English whatever the machine's locale: the stored outputs of the
English tutorials and the sentences the tests compare are English. Kernels that nbval starts
inherit the choice; a translated tutorial asks for its own language in its first cell."""

import os

os.environ["ALHAMBRA_NB_LANGUAGE"] = "en"
